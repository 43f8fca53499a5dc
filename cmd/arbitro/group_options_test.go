package main

import (
	"slices"
	"testing"

	"arbitro/tournament"
)

func TestGroupMakeFlags(t *testing.T) {
	testFlags(t, newGroupMakeCmd, []flagCase[groupMakeOptions]{
		{[]string{"--by", "rating", "--size", "4"}, "", func(o *groupMakeOptions) bool {
			return o.rule.Size == 4 && o.rule.Seeding == tournament.SeedingBlock && o.spec.spec.System == tournament.RoundRobin
		}},
		{[]string{"--size", "4", "--seeding", "Snake", "--names", "Ereklasse, Hoofdklasse"}, "", func(o *groupMakeOptions) bool {
			return o.rule.Seeding == tournament.SeedingSnake && slices.Equal(o.rule.Names, []string{"Ereklasse", "Hoofdklasse"})
		}},
		{[]string{"--by", "category"}, "", func(o *groupMakeOptions) bool { return o.rule.By == tournament.GroupByCategory && o.rule.Size == 0 }},
		{[]string{"--size", "10", "--system", "dutch", "--rounds", "5"}, "", func(o *groupMakeOptions) bool {
			return o.spec.spec.System == tournament.Dutch && o.spec.spec.Rounds == 5
		}},
		{[]string{"--by", "rating"}, "needs --size", nil},
		{[]string{"--size", "1"}, "needs --size", nil},
		{[]string{"--by", "club", "--size", "4"}, "--by must be rating or category", nil},
		{[]string{"--size", "4", "--seeding", "zigzag"}, "--seeding must be block or snake", nil},
		{[]string{"--size", "4", "--system", "dutch"}, "needs --rounds", nil},
		{[]string{"--size", "4", "--double", "--rounds", "6"}, "--double takes the rounds", nil},
		{[]string{"--group", "A", "--size", "4"}, "drop --group", nil},
	})
}

func TestGroupStageFlags(t *testing.T) {
	testFlags(t, newGroupStageCmd, []flagCase[groupStageOptions]{
		{[]string{"--size", "10"}, "", func(o *groupStageOptions) bool { return o.rule.Size == 10 && o.rule.Carry == tournament.CarryNone }},
		{[]string{"--top", "8", "--names", "Finale", "--carry", "MUTUAL", "--from", "A"}, "", func(o *groupStageOptions) bool {
			return o.rule.Top == 8 && o.rule.Carry == tournament.CarryMutual && o.from == "A" && o.rule.Names[0] == "Finale"
		}},
		{[]string{}, "give --size N", nil},
		{[]string{"--size", "10", "--top", "8"}, "not both", nil},
		{[]string{"--top", "1"}, "--top must be 2 or more", nil},
		{[]string{"--size", "10", "--carry", "half"}, "--carry must be none, all or mutual", nil},
	})
}
