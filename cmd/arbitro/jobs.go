package main

// replayJobs is `arbitro replay --jobs`: the number of games replayed at once (0: one per
// processor, tournament.DefaultJobs).
var replayJobs int
