"""Kubernetes stops a pod like the code stops itself: the pod's grace covers its preStop pause
plus the process's own shutdown grace, and the gateway pauses (preStop) before it is signalled."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from tests.unit.deploy.manifests import REPO, Manifest, Rendered, containers, pod_spec

MARGIN = 2  # seconds for the kubelet and the process to notice each other


def daimyo_workloads(docs: list[Manifest]) -> list[Manifest]:
    """Deployments/StatefulSets whose containers read the shared Daimyo ConfigMap."""
    def reads_config(doc: Manifest) -> bool:
        return any(ref.get("configMapRef", {}).get("name", "").startswith("daimyo-config")
                   for c in containers(doc) for ref in c.get("envFrom", []))
    return [d for d in docs if d["kind"] in ("Deployment", "StatefulSet") and reads_config(d)]


def shutdown_grace(docs: list[Manifest]) -> float:
    config = [d for d in docs
              if d["kind"] == "ConfigMap" and d["metadata"]["name"].startswith("daimyo-config")]
    assert config, "no daimyo-config ConfigMap rendered"
    return float(config[0]["data"]["DAIMYO_SHUTDOWN_GRACE_SECONDS"])


def pre_stop_seconds(container: dict[str, Any]) -> float:
    pre_stop = container.get("lifecycle", {}).get("preStop", {})
    return float(pre_stop.get("sleep", {}).get("seconds", 0))


def test_every_rendering_sets_a_shutdown_grace_of_at_most_ten_seconds(all_rendered: Rendered) -> None:
    for where, docs in all_rendered.items():
        if daimyo_workloads(docs):
            assert 0 < shutdown_grace(docs) <= 10, where


def test_every_pods_grace_is_above_its_pre_stop_plus_the_shutdown_grace(all_rendered: Rendered) -> None:
    too_short = []
    for where, docs in all_rendered.items():
        grace = shutdown_grace(docs) if daimyo_workloads(docs) else 0
        for doc in daimyo_workloads(docs):
            pod = pod_spec(doc)
            needed = max(pre_stop_seconds(c) for c in pod["containers"]) + grace + MARGIN
            given = pod.get("terminationGracePeriodSeconds", 30)
            if given < needed:
                too_short.append((where, doc["metadata"]["name"], given, needed))
    assert too_short == []


@pytest.mark.parametrize("name", ["daimyo-gateway", "daimyo-game", "daimyo-matchmaking", "daimyo-bot",
                                  "daimyo-accounts"])
def test_a_service_behind_a_kubernetes_service_pauses_before_it_is_signalled(
    all_rendered: Rendered, name: str
) -> None:
    docs = all_rendered["base"]
    [workload] = [d for d in daimyo_workloads(docs) if d["metadata"]["name"] == name]
    [container] = pod_spec(workload)["containers"]
    assert pre_stop_seconds(container) >= 5
    assert "readinessProbe" in container


def test_compose_waits_longer_than_the_processes_grace() -> None:
    compose = yaml.safe_load((REPO / "deploy" / "compose.yaml").read_text())
    service = compose["x-daimyo-service"]
    assert float(service["environment"]["DAIMYO_SHUTDOWN_GRACE_SECONDS"]) < float(
        service["stop_grace_period"].rstrip("s"))
