# Daimyo — every command a developer or CI needs. `make run` and `make test` work on a fresh machine.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PROTOS := $(shell find proto -name '*.proto' 2>/dev/null)

NATIVE := services/daimyo_bot/samurai/_compact_native.py

# The browser client's tools (tsc, ESLint; services/daimyo_gateway/package.json) need the machine's
# Node; without it they are skipped, saying so (.ci/run installs Debian's nodejs and npm first).
CLIENT := services/daimyo_gateway
CLIENT_BIN := $(CLIENT)/node_modules/.bin
HAS_NODE := $(shell command -v node >/dev/null && command -v npm >/dev/null && echo yes)
NO_NODE := echo "client checks NOT run: no node/npm on this machine (apt-get install nodejs npm)"

.PHONY: install proto native client-tools client-lint client-test run test test-fast lint golden bench bench-bots load clean

install: $(STAMP) proto native client-tools

$(STAMP): pyproject.toml
	test -x $(VPY) || $(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -e '.[dev,embedded]'
	touch $(STAMP)

# Generated gRPC code lives in libs/daimyo_proto (never hand-edited, never committed).
proto: $(STAMP) libs/daimyo_proto/.generated

libs/daimyo_proto/.generated: $(PROTOS)
	$(VPY) -m grpc_tools.protoc -Iproto --python_out=libs/daimyo_proto --pyi_out=libs/daimyo_proto \
		--grpc_python_out=libs/daimyo_proto $(PROTOS)
	find libs/daimyo_proto/daimyo -type d -exec touch {}/__init__.py \;
	find libs/daimyo_proto/daimyo -name '*.py' -exec sed -i -E 's/^from daimyo\.([a-z_.0-9]+) import/from daimyo_proto.daimyo.\1 import/' {} +
	touch $@

# The bots' hot loops compiled with mypyc (deploy/native.py); without a C compiler the bots run
# the same code uncompiled, slower. Rebuilt whenever its source changes.
native: $(STAMP)
	@test -f $(NATIVE) -a $(NATIVE) -nt services/daimyo_bot/samurai/compact.py \
		-a $(NATIVE) -nt deploy/native.py || $(VPY) deploy/native.py

client-tools:
ifeq ($(HAS_NODE),yes)
	@test $(CLIENT)/node_modules/.installed -nt $(CLIENT)/package-lock.json \
		|| (cd $(CLIENT) && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed)
else
	@$(NO_NODE)
endif

# The client's type check (strict tsc over JSDoc-typed JavaScript, no emit) and ESLint.
client-lint: client-tools
ifeq ($(HAS_NODE),yes)
	$(CLIENT_BIN)/tsc -p $(CLIENT)/tsconfig.json
	$(CLIENT_BIN)/eslint -c $(CLIENT)/eslint.config.js $(CLIENT)/static $(CLIENT)/eslint.config.js tests/unit/client
else
	@$(NO_NODE)
endif

# The client's DOM-free logic (tests/unit/client/, mirroring static/).
client-test: client-tools
ifeq ($(HAS_NODE),yes)
	node --test --test-reporter=spec tests/unit/client/
else
	@$(NO_NODE)
endif

run: install
	$(VPY) deploy/local/run.py

# The whole suite. Browser tests drive Playwright's sync API, which cannot share a session with
# the asyncio tests, so they run in a second pytest process; .ci/ensure-chromium installs
# Chromium when it can and fails naming the command otherwise (DAIMYO_SKIP_BROWSER=1 opts out).
# The client's type check, lint and unit tests run first; pytest's two runs close the output.
test: install
	.ci/ensure-chromium
	@$(MAKE) --no-print-directory client-lint client-test
	$(VPY) -m pytest -q -p no:cacheprovider --ignore=tests/e2e $(PYTEST_ARGS)
	@if [ "$${DAIMYO_SKIP_BROWSER:-}" = 1 ]; then echo "tests/e2e NOT run (DAIMYO_SKIP_BROWSER=1)"; \
	else $(VPY) -m pytest -q -p no:cacheprovider tests/e2e $(PYTEST_ARGS); fi

test-fast: install
	$(VPY) -m pytest -q --ignore=tests/e2e -m "not integration and not slow" $(PYTEST_ARGS)

lint: install client-lint
	$(VENV)/bin/ruff check libs services tests deploy
	$(VENV)/bin/mypy libs services tests deploy

golden: install
	$(VPY) tests/golden/regenerate.py

bench: install
	@for b in tests/bench/bench_*.py; do echo "== $$b"; $(VPY) $$b || exit 1; done

bench-bots: install
	$(VPY) tests/bench/bots_roundrobin.py $(BENCH_ARGS)

load: install
	$(VPY) tests/load/load.py $(LOAD_ARGS)

clean:
	rm -rf $(VENV) $(CLIENT)/node_modules libs/daimyo_proto/daimyo libs/daimyo_proto/.generated .pytest_cache .mypy_cache .ruff_cache build
	rm -f services/daimyo_bot/samurai/_compact_native*
