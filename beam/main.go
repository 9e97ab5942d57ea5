package main

import (
	"context"
	"flag"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
)

func main() {
	o := flags(flag.CommandLine)
	flag.Parse()
	beam.Init()
	ctx := context.Background()
	if o.Input == "" {
		log.Exit(ctx, "--input is required: the files to read")
	}
	p, s := beam.NewPipelineWithRoot()
	if err := build(s, *o); err != nil {
		log.Exit(ctx, err)
	}
	if err := beamx.Run(ctx, p); err != nil {
		log.Exitf(ctx, "the pipeline failed: %v", err)
	}
}
