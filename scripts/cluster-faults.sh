#!/usr/bin/env bash
# The cluster fault test at length: a real 3-node nats-server cluster (child
# processes on loopback ports), the input stream at 3 replicas, and for each
# of N rounds (default 3) three copies of the fixtures published while the
# stream leader is killed with SIGKILL and started again, a node is paused
# with SIGSTOP past the election timeout, and the recorder is restarted;
# then everything is published again and the checker finds every input of
# the files in the store exactly once. go test runs a short form of it.
set -euo pipefail
cd "$(dirname "$0")/.."
CHRONICLE_CLUSTER_ROUNDS="${1:-3}" go test ./cmd/recorder -run '^TestClusterFaults$' -count=1 -v -timeout 30m
