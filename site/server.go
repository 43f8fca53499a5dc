package site

import (
	"context"
	"net"
	"net/http"
	"time"
)

// Timeouts are the limits of arbitro serve's HTTP server (issue 27, class 8): without
// them a client that opens connections and sends nothing, or keeps them idle, holds a
// file descriptor each until the process runs out and real requests are refused.
type Timeouts struct {
	// ReadHeader: the request line and headers must arrive within it (slowloris).
	ReadHeader time.Duration
	// Read: the whole request, body included (the hall's forms are small).
	Read time.Duration
	// Write: from the end of the request's headers to the end of the answer of a page
	// (its reading and rendering included). The hall's event stream is exempt: it sets
	// its own deadline before each message (StreamWriteTimeout).
	Write time.Duration
	// Idle: a kept-alive connection with no request is closed after it.
	Idle time.Duration
}

// DefaultTimeouts are arbitro serve's.
var DefaultTimeouts = Timeouts{ReadHeader: 10 * time.Second, Read: 30 * time.Second, Write: 60 * time.Second, Idle: 60 * time.Second}

// StreamWriteTimeout bounds each message of the hall's event stream: a screen that does
// not take one within it is dropped (it reconnects by itself).
var StreamWriteTimeout = 30 * time.Second

// NewServer returns the HTTP server of h with the timeouts t; every request's context
// derives from base's answer (nil: context.Background).
func NewServer(h http.Handler, t Timeouts, base func(net.Listener) context.Context) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: t.ReadHeader, ReadTimeout: t.Read, WriteTimeout: t.Write,
		IdleTimeout: t.Idle, BaseContext: base}
}
