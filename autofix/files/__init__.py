"""Files on disk: which to look at, reading and writing them safely, notebooks, the cache, workers."""
