"""Least privilege in Kubernetes (issue 32): NATS nodes join their cluster only with the route
password and a certificate of the cluster's own CA in the prod overlays, `/metrics` never leaves
the cluster through the Ingress, and only the monitoring namespace reaches a metrics port."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from daimyo_kit import credentials
from tests.unit.deploy.manifests import Manifest, Rendered, containers, pod_labels, pod_spec, selects
from tests.unit.deploy.test_workload_policy import NOWHERE, label, of_kind, workloads

PROD = ("overlays/prod", "overlays/prod-cnpg")
ROUTES_TLS = "daimyo-nats-routes-tls"
METRICS_PORT_NAMES = {"metrics", "monitor"}
MONITORING = {"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}


def named(docs: list[Manifest], kind: str, name: str) -> Manifest:
    (doc,) = [d for d in of_kind(docs, kind) if d["metadata"]["name"] == name]
    return doc


def nats_container(docs: list[Manifest]) -> Manifest:
    (container,) = containers(named(docs, "StatefulSet", "daimyo-nats"))
    return container


@pytest.mark.parametrize("overlay", PROD)
def test_prod_nats_routes_need_the_route_password_and_mutual_tls(all_rendered: Rendered,
                                                                overlay: str) -> None:
    cluster = named(all_rendered[overlay], "ConfigMap", "daimyo-nats-config")["data"]["cluster.conf"]
    assert "authorization {" in cluster and "password: $DAIMYO_NATS_ROUTE_PASSWORD" in cluster
    assert "tls {" in cluster and "verify: true" in cluster
    assert "ca_file: /etc/nats-routes-tls/ca.crt" in cluster
    env = {e["name"]: e for e in nats_container(all_rendered[overlay])["env"]}
    secret = env["DAIMYO_NATS_ROUTE_PASSWORD"]["valueFrom"]["secretKeyRef"]
    assert secret == {"name": "daimyo-nats-credentials", "key": credentials.NATS_ROUTE_PASSWORD}
    routes = env["DAIMYO_NATS_ROUTES"]["value"]
    assert routes.count("nats://route:$(DAIMYO_NATS_ROUTE_PASSWORD)@daimyo-nats-") == 3


@pytest.mark.parametrize("overlay", PROD)
def test_the_route_certificate_covers_every_node_and_is_mounted(all_rendered: Rendered, overlay: str) -> None:
    docs = all_rendered[overlay]
    certificate = named(docs, "Certificate", "daimyo-nats-routes")["spec"]
    assert certificate["secretName"] == ROUTES_TLS
    assert {"server auth", "client auth"} <= set(certificate["usages"])
    assert "*.daimyo-nats-headless" in certificate["dnsNames"]
    issuer = named(docs, "Issuer", certificate["issuerRef"]["name"])["spec"]
    (ca,) = [c["spec"] for c in of_kind(docs, "Certificate")
             if c["spec"]["secretName"] == issuer["ca"]["secretName"]]
    assert ca["isCA"] is True
    volumes = {v["name"]: v for v in pod_spec(named(docs, "StatefulSet", "daimyo-nats"))["volumes"]}
    mount = next(m for m in nats_container(docs)["volumeMounts"] if m["mountPath"] == "/etc/nats-routes-tls")
    assert volumes[mount["name"]]["secret"]["secretName"] == ROUTES_TLS


def test_the_credentials_tool_writes_the_route_password_into_the_nats_secret(tmp_path: Path) -> None:
    assert credentials.NATS_ROUTE_PASSWORD in credentials.K8S_SECRETS["nats"]
    credentials.write_k8s_secrets(tmp_path)
    assert f"{credentials.NATS_ROUTE_PASSWORD}=" in (tmp_path / "nats.env").read_text()


def test_dev_keeps_plain_routes_that_only_nats_pods_reach(all_rendered: Rendered) -> None:
    cluster = named(all_rendered["overlays/dev"], "ConfigMap", "daimyo-nats-config")["data"]["cluster.conf"]
    assert "authorization" not in cluster
    policy = named(all_rendered["overlays/dev"], "NetworkPolicy", "daimyo-nats")["spec"]
    route_rules = [r for r in policy["ingress"] if {"port": 6222, "protocol": "TCP"} in r["ports"]]
    nats_pods = {"podSelector": {"matchLabels": {"app.kubernetes.io/name": "daimyo-nats"}}}
    assert [r["from"] for r in route_rules] == [[nats_pods]]


def test_no_ingress_routes_metrics_anywhere(all_rendered: Rendered) -> None:
    for name, docs in all_rendered.items():
        ingresses = of_kind(docs, "Ingress")
        hosts = {rule["host"] for i in ingresses for rule in i["spec"]["rules"]}
        blocked = {rule["host"]: (i, path) for i in ingresses for rule in i["spec"]["rules"]
                   for path in rule["http"]["paths"] if path["path"] == "/metrics"}
        assert hosts and set(blocked) == hosts, f"{name}: /metrics is not blocked on {hosts - set(blocked)}"
        for ingress, path in blocked.values():
            assert path["pathType"] == "Prefix", name
            assert path["backend"]["service"]["name"] == NOWHERE, name
            denied = ingress["metadata"]["annotations"]["nginx.ingress.kubernetes.io/denylist-source-range"]
            assert set(denied.split(",")) == {"0.0.0.0/0", "::/0"}, name
        nowhere = named(docs, "Service", NOWHERE)["spec"]["selector"]
        assert not [w for w in workloads(docs) if selects({"matchLabels": nowhere}, pod_labels(w))], name


def metrics_port_problems(docs: list[Manifest]) -> Iterator[str]:
    policies = of_kind(docs, "NetworkPolicy")
    for workload in workloads(docs):
        ports = {p["containerPort"] for c in containers(workload) for p in c.get("ports", [])
                 if p.get("name") in METRICS_PORT_NAMES}
        mine = [p["spec"] for p in policies if selects(p["spec"]["podSelector"], pod_labels(workload))]
        for port in ports:
            rules = [r for p in mine for r in p.get("ingress", [])
                     if any(rp.get("port") == port for rp in r.get("ports", []))]
            if not rules:
                yield f"{label(workload)} port {port}: the monitoring namespace cannot scrape it"
            for rule in rules:
                for peer in rule.get("from", [{}]):
                    if peer != MONITORING:
                        yield f"{label(workload)} port {port} is open to {peer}"
        for p in mine:
            if any("ports" not in r for r in p.get("ingress", [])):
                yield f"{label(workload)}: a rule of its policy opens every port"


def test_only_the_monitoring_namespace_reaches_a_metrics_port(all_rendered: Rendered) -> None:
    problems = [f"{name}: {p}" for name, docs in all_rendered.items() for p in metrics_port_problems(docs)]
    assert problems == []


@pytest.mark.skipif(not shutil.which("openssl"), reason="needs openssl to make a test certificate")
def test_the_rendered_prod_nats_config_is_valid_for_nats_server(all_rendered: Rendered,
                                                                tmp_path: Path) -> None:
    data = named(all_rendered["overlays/prod"], "ConfigMap", "daimyo-nats-config")["data"]
    _certificates(tmp_path)
    for key, text in data.items():
        (tmp_path / key).write_text(text.replace("/etc/nats-routes-tls/", f"{tmp_path}/"))
    routes = ", ".join(f"nats://route:pw@daimyo-nats-{n}.daimyo-nats-headless:6222" for n in range(3))
    env = {**os.environ, "SERVER_NAME": "daimyo-nats-0", "DAIMYO_NATS_ROUTES": f"[{routes}]",
           credentials.NATS_ROUTE_PASSWORD: "pw",
           **{credentials.nats_password_var(role): "pw" for role in credentials.NATS_ROLES}}
    server = shutil.which("nats-server", path=str(Path(sys.executable).parent)) or "nats-server"
    checked = subprocess.run([server, "-c", str(tmp_path / "nats.conf"), "-t"], env=env, capture_output=True,
                             text=True, timeout=30)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def _certificates(directory: Path) -> None:
    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=directory, check=True, capture_output=True, timeout=60)

    key = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes")
    openssl("req", "-x509", *key, "-keyout", "ca.key", "-out", "ca.crt", "-days", "1", "-subj", "/CN=test-ca")
    openssl("req", *key, "-keyout", "tls.key", "-out", "tls.csr", "-subj", "/CN=route")
    openssl("x509", "-req", "-in", "tls.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "tls.crt", "-days", "1")


def test_the_bot_pods_leave_the_driver_to_its_own_deployment(all_rendered: Rendered) -> None:
    """The bot's in-process driver would log in to NATS with the driver's credentials, which the
    bot pods do not hold; the driver runs as its own Deployment with its own Secret."""
    for name, docs in all_rendered.items():
        (bot,) = containers(named(docs, "Deployment", "daimyo-bot"))
        assert {"name": "DAIMYO_BOT_DRIVER", "value": "off"} in bot.get("env", []), name
        assert named(docs, "Deployment", "daimyo-bot-driver"), name
