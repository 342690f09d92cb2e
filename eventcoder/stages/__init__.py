"""One module per pipeline stage; each registers itself with `eventcoder.pipeline.stage`."""
