"""Ports handed to servers: free, never twice, and never where outgoing connections draw theirs."""

from __future__ import annotations

import socket

from daimyo_devkit.embedded import _ephemeral_range, free_port


def test_a_free_port_lies_below_the_range_outgoing_connections_draw_from() -> None:
    low, _high = _ephemeral_range()
    assert all(1024 <= free_port() < low for _ in range(50))


def test_a_free_port_is_never_handed_out_twice() -> None:
    ports = [free_port() for _ in range(300)]
    assert len(set(ports)) == len(ports)


def test_a_free_port_can_be_bound_by_a_server() -> None:
    port = free_port()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", port))
        server.listen()
