"""Every workload is locked down, bounded, probed, disruption-budgeted and network-policed."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tests.unit.deploy.manifests import Manifest, Rendered, containers, pod_labels, pod_spec, selects

LONG_RUNNING = {"Deployment", "StatefulSet"}
WORKLOADS = LONG_RUNNING | {"Job"}
AUTOSCALED = {"daimyo-game", "daimyo-bot", "daimyo-gateway", "daimyo-analysis"}  # analysis: on queue depth
GRPC_PORTS = {"daimyo-game": 50051, "daimyo-matchmaking": 50052, "daimyo-bot": 50053,
              "daimyo-analysis": 50054, "daimyo-accounts": 50055, "daimyo-notifier": 50056}
NOWHERE = "daimyo-nowhere"
"""The Service without pods that the Ingress sends /metrics to (test_least_privilege.py)."""


def workloads(docs: list[Manifest], kinds: set[str] = WORKLOADS) -> Iterator[Manifest]:
    return (d for d in docs if d["kind"] in kinds)


def of_kind(docs: list[Manifest], kind: str) -> list[Manifest]:
    return [d for d in docs if d["kind"] == kind]


def label(doc: Manifest) -> str:
    return f"{doc['kind']}/{doc['metadata']['name']}"


def check_all(all_rendered: Rendered, problems_of: Callable[[list[Manifest]], Iterator[str]]) -> list[str]:
    return [f"{name}: {p}" for name, docs in all_rendered.items() for p in problems_of(docs)]


def probe_problems(docs: list[Manifest]) -> Iterator[str]:
    for doc in workloads(docs, LONG_RUNNING):
        for c in containers(doc):
            for probe in ("readinessProbe", "livenessProbe"):
                if probe not in c:
                    yield f"{label(doc)} container {c['name']} has no {probe}"


def resource_problems(docs: list[Manifest]) -> Iterator[str]:
    for doc in workloads(docs):
        for c in containers(doc):
            resources = c.get("resources", {})
            for section, key in [("requests", "cpu"), ("requests", "memory"), ("limits", "memory")]:
                if key not in resources.get(section, {}):
                    yield f"{label(doc)} container {c['name']} has no {section}.{key}"
            if "cpu" not in resources.get("limits", {}):
                yield f"{label(doc)} container {c['name']} has no limits.cpu"


def security_problems(docs: list[Manifest]) -> Iterator[str]:
    for doc in workloads(docs):
        pod = pod_spec(doc).get("securityContext", {})
        seccomp = pod.get("seccompProfile", {}).get("type")
        if pod.get("runAsNonRoot") is not True or seccomp != "RuntimeDefault":
            yield f"{label(doc)} pod securityContext is not non-root + RuntimeDefault seccomp"
        if pod_spec(doc).get("automountServiceAccountToken") is not False:
            yield f"{label(doc)} mounts a service-account token it does not need"
        for c in containers(doc):
            sc = c.get("securityContext", {})
            if sc.get("readOnlyRootFilesystem") is not True:
                yield f"{label(doc)} container {c['name']} root filesystem is writable"
            if sc.get("allowPrivilegeEscalation") is not False:
                yield f"{label(doc)} container {c['name']} allows privilege escalation"
            if sc.get("capabilities", {}).get("drop") != ["ALL"]:
                yield f"{label(doc)} container {c['name']} does not drop ALL capabilities"


def test_every_long_running_container_has_readiness_and_liveness_probes(all_rendered: Rendered) -> None:
    assert check_all(all_rendered, probe_problems) == []


def test_every_container_has_requests_and_limits(all_rendered: Rendered) -> None:
    assert check_all(all_rendered, resource_problems) == []


def test_every_workload_runs_non_root_read_only_without_capabilities(all_rendered: Rendered) -> None:
    assert check_all(all_rendered, security_problems) == []


def test_grpc_services_are_probed_with_the_native_grpc_health_check(all_rendered: Rendered) -> None:
    for doc in workloads(all_rendered["base"], {"Deployment"}):
        port = GRPC_PORTS.get(doc["metadata"]["name"])
        if port is None:
            continue
        (container,) = pod_spec(doc)["containers"]
        assert container["readinessProbe"]["grpc"]["port"] == port
        assert container["livenessProbe"]["grpc"]["port"] == port


def test_the_gateway_is_probed_on_healthz_and_readyz(all_rendered: Rendered) -> None:
    gateway = next(d for d in all_rendered["base"] if label(d) == "Deployment/daimyo-gateway")
    (container,) = pod_spec(gateway)["containers"]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"


def budget_and_policy_problems(docs: list[Manifest]) -> Iterator[str]:
    budgets = of_kind(docs, "PodDisruptionBudget")
    policies = [p for p in of_kind(docs, "NetworkPolicy") if p["spec"]["podSelector"]]
    for doc in workloads(docs):
        labels = pod_labels(doc)
        if doc["kind"] == "Deployment" and not any(selects(b["spec"]["selector"], labels) for b in budgets):
            yield f"{label(doc)} has no PodDisruptionBudget"
        if not any(selects(p["spec"]["podSelector"], labels) for p in policies):
            yield f"{label(doc)} has no NetworkPolicy of its own"


def test_every_deployment_has_a_disruption_budget_and_every_workload_a_network_policy(
    all_rendered: Rendered,
) -> None:
    assert check_all(all_rendered, budget_and_policy_problems) == []


def test_the_namespace_denies_all_traffic_by_default_and_allows_dns(all_rendered: Rendered) -> None:
    for name, docs in all_rendered.items():
        policies = {p["metadata"]["name"]: p["spec"] for p in of_kind(docs, "NetworkPolicy")}
        deny = policies["default-deny-all"]
        assert deny["podSelector"] == {} and set(deny["policyTypes"]) == {"Ingress", "Egress"}, name
        assert "ingress" not in deny and "egress" not in deny, name
        dns_ports = {(p["port"], p["protocol"]) for p in policies["allow-dns-egress"]["egress"][0]["ports"]}
        assert dns_ports == {(53, "UDP"), (53, "TCP")}, name


def test_game_bot_gateway_and_analysis_autoscale_and_their_targets_exist(all_rendered: Rendered) -> None:
    for name, docs in all_rendered.items():
        deployments = {d["metadata"]["name"] for d in of_kind(docs, "Deployment")}
        targets = {h["spec"]["scaleTargetRef"]["name"] for h in of_kind(docs, "HorizontalPodAutoscaler")}
        assert targets == AUTOSCALED, name
        assert targets <= deployments, name
        for doc in of_kind(docs, "Deployment"):
            if doc["metadata"]["name"] in AUTOSCALED:
                assert "replicas" not in doc["spec"], f"{name}: {label(doc)} fights its HPA over replicas"


def service_problems(docs: list[Manifest]) -> Iterator[str]:
    pods = list(workloads(docs, LONG_RUNNING))
    for svc in of_kind(docs, "Service"):
        if svc["metadata"]["name"] == NOWHERE:
            continue
        backends = [w for w in pods if selects({"matchLabels": svc["spec"]["selector"]}, pod_labels(w))]
        if not backends:
            yield f"{label(svc)} selects no pods"
        port_names = {p.get("name") for w in backends for c in containers(w) for p in c.get("ports", [])}
        for port in svc["spec"]["ports"]:
            if isinstance(port["targetPort"], str) and port["targetPort"] not in port_names:
                yield f"{label(svc)} targets unknown port {port['targetPort']}"


def test_every_service_selects_pods_and_named_ports_that_exist(all_rendered: Rendered) -> None:
    assert check_all(all_rendered, service_problems) == []


def test_every_image_is_pinned_to_a_tag(all_rendered: Rendered) -> None:
    for name, docs in all_rendered.items():
        for doc in workloads(docs):
            for c in containers(doc):
                image = c["image"]
                tag = image.rsplit(":", 1)[1] if ":" in image.rsplit("/", 1)[-1] else ""
                assert tag and tag != "latest", f"{name}: {label(doc)} image {image} is not pinned"


def test_the_overlays_pick_their_own_image_tags(all_rendered: Rendered) -> None:
    def daimyo_images(docs: list[Manifest]) -> set[str]:
        return {c["image"] for d in workloads(docs) for c in containers(d) if c["name"] == "daimyo"}

    assert daimyo_images(all_rendered["overlays/dev"]) == {"daimyo:dev"}
    assert daimyo_images(all_rendered["overlays/prod"]) == {"registry.example.com/daimyo/daimyo:0.1.0"}


def test_the_ingress_reaches_the_gateway_with_websocket_friendly_timeouts(all_rendered: Rendered) -> None:
    for name, docs in all_rendered.items():
        (ingress,) = [i for i in of_kind(docs, "Ingress") if i["metadata"]["name"] == "daimyo-gateway"]
        notes = ingress["metadata"]["annotations"]
        assert int(notes["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600, name
        assert int(notes["nginx.ingress.kubernetes.io/proxy-send-timeout"]) >= 3600, name
        paths = [p for rule in ingress["spec"]["rules"] for p in rule["http"]["paths"]]
        backends = {p["backend"]["service"]["name"] for p in paths}
        assert backends == {"daimyo-gateway"}, name


def test_nats_is_a_persistent_three_node_jetstream_cluster(all_rendered: Rendered) -> None:
    docs = all_rendered["overlays/prod"]
    nats = next(d for d in docs if label(d) == "StatefulSet/daimyo-nats")
    assert nats["spec"]["replicas"] == 3
    assert nats["spec"]["volumeClaimTemplates"][0]["metadata"]["name"] == "data"
    config = next(d for d in docs if label(d) == "ConfigMap/daimyo-nats-config")["data"]
    assert "jetstream" in config["nats.conf"] and "store_dir: /data" in config["nats.conf"]
    assert "include ./cluster.conf" in config["nats.conf"]
    (routes,) = [e["value"] for c in containers(nats) for e in c.get("env", [])
                 if e["name"] == "DAIMYO_NATS_ROUTES"]
    assert routes.count("daimyo-nats-headless:6222") == 3
    base = next(d for d in all_rendered["base"] if label(d) == "ConfigMap/daimyo-nats-config")["data"]
    assert base["cluster.conf"].count("daimyo-nats-headless:6222") == 3


def test_game_replicas_leave_the_relay_to_its_own_deployment(all_rendered: Rendered) -> None:
    game = next(d for d in all_rendered["base"] if label(d) == "Deployment/daimyo-game")
    (container,) = pod_spec(game)["containers"]
    assert {"name": "DAIMYO_GAME_RELAY", "value": "off"} in container["env"]
    assert any(label(d) == "Deployment/daimyo-relay" for d in all_rendered["base"])
