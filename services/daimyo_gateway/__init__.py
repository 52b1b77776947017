"""The gateway: the only public entry. HTTP + WebSocket for browsers, gRPC and NATS behind."""
