"""What every Daimyo service shares: config, logging, metrics, gRPC bootstrap, retry, embedded servers."""
