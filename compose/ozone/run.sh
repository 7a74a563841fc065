#!/usr/bin/env bash
# Licensed to the Apache Software Foundation (ASF) under one
# or more contributor license agreements.  See the NOTICE file
# distributed with this work for additional information
# regarding copyright ownership.  The ASF licenses this file
# to you under the Apache License, Version 2.0 (the
# "License"); you may not use this file except in compliance
# with the License.  You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

# Starts the cluster with OZONE_DATANODES datanodes (default 3); arguments go to "docker-compose up",
# e.g. ./run.sh -d. Choose overlays with COMPOSE_FILE, e.g. docker-compose.yaml:monitoring.yaml.

set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
# The compose files mount ../.. as the distribution; from the source tree that would be the repository.
if [[ ! -x ../../bin/ozone ]]; then
  echo "run.sh: ../../bin/ozone not found; run it from the built distribution's compose/ozone" \
    "(hadoop-ozone/dist/target/ozone-<version>/compose/ozone, after mvn install -DskipTests)" >&2
  exit 1
fi
datanodes=${OZONE_DATANODES:-3}
if [[ ! "${datanodes}" =~ ^[1-9][0-9]*$ ]]; then
  echo "run.sh: OZONE_DATANODES must be a positive number, not '${datanodes}'" >&2
  exit 1
fi
export OZONE_DATANODES=${datanodes}
# Three replicas need three datanodes; below that, keys are written with one.
if ((datanodes >= 3)); then
  export OZONE_REPLICATION_FACTOR=${OZONE_REPLICATION_FACTOR:-3}
else
  export OZONE_REPLICATION_FACTOR=${OZONE_REPLICATION_FACTOR:-1}
fi
exec docker-compose up --scale "datanode=${datanodes}" --no-recreate "$@"
