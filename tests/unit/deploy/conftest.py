"""Session fixtures for the deployment tests: each kustomization is rendered once, offline."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from daimyo_kit import credentials
from tests.unit.deploy.manifests import K8S, Manifest, Rendered, kustomization_dirs, renderer_command

DEV_CREDENTIALS = K8S / "overlays/dev/credentials"


def _dev_credentials() -> None:
    """The dev overlay needs this machine's generated credentials (git-ignored), as a developer
    makes them with `python -m daimyo_kit.credentials k8s k8s/overlays/dev/credentials`."""
    wanted = ["secrets", *credentials.K8S_SECRETS]  # a Secret added since they were made: make them again
    if not all((DEV_CREDENTIALS / f"{name}.env").exists() for name in wanted):
        for stale in DEV_CREDENTIALS.glob("*.env"):
            stale.unlink()
        credentials.write_k8s_secrets(DEV_CREDENTIALS)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "kustomization_dir" in metafunc.fixturenames:
        dirs = kustomization_dirs()
        metafunc.parametrize("kustomization_dir", dirs, ids=[str(d.relative_to(K8S)) for d in dirs])


@pytest.fixture(scope="session")
def render() -> Callable[[Path], list[Manifest]]:
    command = renderer_command()
    _dev_credentials()
    cache: dict[Path, list[Manifest]] = {}

    def rendered(directory: Path) -> list[Manifest]:
        if directory not in cache:
            out = subprocess.run([*command, str(directory)], capture_output=True, text=True, timeout=60)
            assert out.returncode == 0, f"kustomize failed for {directory}:\n{out.stderr}"
            cache[directory] = [doc for doc in yaml.safe_load_all(out.stdout) if doc]
        return cache[directory]

    return rendered


@pytest.fixture(scope="session")
def all_rendered(render: Callable[[Path], list[Manifest]]) -> Rendered:
    """Every kustomization's output, keyed by its path under k8s/ (e.g. 'overlays/prod')."""
    return {str(d.relative_to(K8S)): render(d) for d in kustomization_dirs()}
