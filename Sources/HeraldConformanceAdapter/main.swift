// The Swift client's adapter for conformance/run-cases: one request per line in, one state per line out.
await ConformanceAdapter.run()
