"""The library the benchmark drivers (scripts/ab-bench's commands in abbench/, scripts/fault-test,
scripts/rolling-upgrade) and the standalone tools stand on: the local cluster and its processes (cluster, omdb,
preload, reconfig), the client load (freon, journal, ledger), OM's metrics (prom, catalog, scrape), where a result
came from and the envelope it is written in (machine, envelope), and one experiment's lifecycle (lifecycle,
progress). It imports nothing of the drivers."""
