"""What every Daimyo service shares at run time: config, logging, metrics, gRPC bootstrap, retry,
shutdown, credentials. Development tooling (embedded servers, the stack supervisor) is
`daimyo_devkit`, which no image carries."""
