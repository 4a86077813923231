// How the production server process is started (npm start, the benchmarks, the load test).
// --max-old-space-size: V8 otherwise grows its heap to 200+ MB under load on a machine with
// plenty of memory and keeps it; with a 256 MB ceiling it collects sooner and the process stays
// under 200 MB resident at ~6,000 requests/s, with no loss of throughput (bench/RESULTS.md). The
// live heap after a full collection is about 60 MB, so the ceiling leaves four times that.
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-old-space-size=256'];
