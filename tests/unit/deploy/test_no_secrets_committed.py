"""No real secret value is committed: only the dev overlay generates a Secret, with fake values.

Production secrets are created out of band (deploy/OPERATIONS.md); the committed files may only
reference them by name.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tests.unit.deploy.manifests import K8S, REPO, Rendered, containers

DEPLOY_FILES = [p for p in [*K8S.rglob("*.yaml"), *(REPO / "deploy").rglob("*.yaml")] if p.is_file()]
SECRET_KEYS = {"database-url", "token-secret", "postgres-password"}


def secret_literals(kustomization: Path) -> list[str]:
    spec = yaml.safe_load(kustomization.read_text())
    return [lit for gen in spec.get("secretGenerator", []) for lit in gen.get("literals", [])]


def test_no_committed_file_declares_a_secret_object() -> None:
    declaring = [
        str(path.relative_to(REPO))
        for path in DEPLOY_FILES
        for doc in yaml.safe_load_all(path.read_text())
        if isinstance(doc, dict) and doc.get("kind") == "Secret"
    ]
    assert declaring == []


def test_no_kustomization_commits_a_secret_value() -> None:
    assert {str(p.relative_to(K8S)): secret_literals(p) for p in K8S.rglob("kustomization.yaml")
            if secret_literals(p)} == {}


def test_the_dev_overlay_generates_its_secrets_from_ignored_local_files() -> None:
    spec = yaml.safe_load((K8S / "overlays/dev/kustomization.yaml").read_text())
    sources = [env for gen in spec["secretGenerator"] for env in gen["envs"]]
    assert sources and all(s.startswith("credentials/") for s in sources)
    assert "k8s/overlays/dev/credentials/" in (REPO / ".gitignore").read_text().splitlines()


def test_production_renders_reference_secrets_but_contain_none(all_rendered: Rendered) -> None:
    for name in ("base", "overlays/prod", "overlays/prod-cnpg"):
        assert [d for d in all_rendered[name] if d["kind"] == "Secret"] == [], name


def test_secrets_reach_containers_only_through_secret_key_refs(all_rendered: Rendered) -> None:
    for name, docs in all_rendered.items():
        for doc in docs:
            if doc["kind"] not in {"Deployment", "StatefulSet", "Job"}:
                continue
            for container in containers(doc):
                for env in container.get("env", []):
                    looks_secret = any(k in env["name"] for k in ("SECRET", "PASSWORD", "DATABASE_URL"))
                    assert not (looks_secret and "value" in env), f"{name}: {env['name']} is inlined"


def test_the_dev_secret_has_every_key_the_workloads_read(all_rendered: Rendered) -> None:
    docs = all_rendered["overlays/dev"]
    secrets = [d for d in docs if d["kind"] == "Secret"]
    refs = {
        env["valueFrom"]["secretKeyRef"]["key"]
        for doc in docs
        if doc["kind"] in {"Deployment", "StatefulSet", "Job"}
        for container in containers(doc)
        for env in container.get("env", [])
        if "secretKeyRef" in env.get("valueFrom", {})
    }
    assert refs == SECRET_KEYS
    (main,) = [d for d in secrets if d["metadata"]["name"].startswith("daimyo-secrets")]
    assert set(main["data"]) == SECRET_KEYS


def test_compose_has_no_default_secret_and_needs_the_generated_file() -> None:
    text = (REPO / "deploy/compose.yaml").read_text()
    assert not re.findall(r"\$\{\w*(?:SECRET|PASSWORD|TOKEN)\w*:-", text), "a secret has a committed default"
    assert "dev-only" not in text and "--env-file deploy/secrets.env" in text
    references = re.findall(r"\$\{(\w+)(:\?)?", text)
    secret = [(name, needed) for name, needed in references if re.search("SECRET|PASSWORD|TOKEN|URL", name)]
    assert secret and all(needed for _name, needed in secret), "a secret that compose does not require"
    assert "deploy/secrets.env" in (REPO / ".gitignore").read_text().splitlines()


def test_compose_publishes_the_gateway_on_localhost_by_default() -> None:
    text = (REPO / "deploy/compose.yaml").read_text()
    assert '"${DAIMYO_PUBLISH_HOST:-127.0.0.1}:${DAIMYO_HTTP_PORT:-8080}:8080"' in text


def test_the_committed_nats_config_takes_every_password_from_the_environment() -> None:
    from daimyo_kit import credentials

    committed = (REPO / "deploy/nats/nats.conf").read_text()
    assert committed == credentials.nats_config_template()
    assert re.findall(r'"password": (\S+)', committed) == [
        f"${credentials.nats_password_var(role)}," for role in credentials.NATS_ROLES
    ] or all(v.startswith("$DAIMYO_") for v in re.findall(r'"password": (\S+)', committed))


def test_no_committed_deploy_file_holds_a_generated_looking_secret() -> None:
    looks_generated = re.compile(r"(?:PASSWORD|TOKEN|SECRET)\w*\s*[:=]\s*['\"]?[A-Za-z0-9_\-]{20,}")
    files = [p for p in (REPO / "deploy").rglob("*") if p.is_file() and p.name != "secrets.env"]
    offending = [str(p) for p in files if p.suffix in {".yaml", ".conf", ".env", ".md"}
                 and looks_generated.search(p.read_text())]
    assert offending == []


