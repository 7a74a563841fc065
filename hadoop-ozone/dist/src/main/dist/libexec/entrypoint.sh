#!/usr/bin/env bash
# Licensed to the Apache Software Foundation (ASF) under one or more
# contributor license agreements.  See the NOTICE file distributed with
# this work for additional information regarding copyright ownership.
# The ASF licenses this file to You under the Apache License, Version 2.0
# (the "License"); you may not use this file except in compliance with
# the License.  You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

# Container entrypoint for compose/ozone. The apache/ozone-runner image puts /opt/hadoop/libexec first on PATH
# and runs "entrypoint.sh <command>", so with this distribution mounted at /opt/hadoop this file is it.
#
#   OZONE-SITE.XML_<key>=<value>   becomes <key> in $OZONE_CONF_DIR/ozone-site.xml (upstream's convention)
#   ENSURE_SCM_INITIALIZED=FILE    runs "ozone scm --init" unless FILE exists
#   ENSURE_OM_INITIALIZED=FILE     runs "ozone om --init" unless FILE exists, retrying while SCM starts
#   ASYNC_PROFILER_HOME            set (profiling.yaml): allow perf events for OM's /prof endpoint
#
# Then it runs its arguments, e.g. "ozone om".

set -euo pipefail

OZONE_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
conf_dir=${OZONE_CONF_DIR:-/etc/hadoop}

# sed, not ${var//...}: bash 5.2 reads "&" in a replacement as the matched text.
xml_escape() {
  printf '%s' "$1" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

write_ozone_site() {
  local entry name
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo '<!-- Written by libexec/entrypoint.sh from the OZONE-SITE.XML_* environment. -->'
  echo '<configuration>'
  # env -0 keeps values with newlines intact; sorted so that the file is the same on every start.
  while IFS= read -r -d '' entry; do
    name=${entry%%=*}
    [[ "${name}" == OZONE-SITE.XML_?* ]] || continue
    printf '  <property><name>%s</name><value>%s</value></property>\n' \
      "$(xml_escape "${name#OZONE-SITE.XML_}")" "$(xml_escape "${entry#*=}")"
  done < <(env -0 | sort -z)
  echo '</configuration>'
}

mkdir -p "${conf_dir}"
cp "${OZONE_HOME}/etc/hadoop/log4j.properties" "${conf_dir}/"
write_ozone_site >"${conf_dir}/ozone-site.xml"

if [[ -n "${ENSURE_SCM_INITIALIZED:-}" && ! -f "${ENSURE_SCM_INITIALIZED}" ]]; then
  "${OZONE_HOME}/bin/ozone" scm --init
fi
if [[ -n "${ENSURE_OM_INITIALIZED:-}" && ! -f "${ENSURE_OM_INITIALIZED}" ]]; then
  # OM registers with SCM, whose container may still be starting.
  for attempt in 1 2 3 4 5 6 7 8 9 10 11 12; do
    "${OZONE_HOME}/bin/ozone" om --init && break
    ((attempt < 12)) || {
      echo "entrypoint: om --init failed 12 times; is SCM up?" >&2
      exit 1
    }
    sleep 10
  done
fi
if [[ -n "${ASYNC_PROFILER_HOME:-}" ]]; then
  # async-profiler needs perf events and kernel symbols; only a privileged container may change these.
  if echo 1 | sudo -n tee /proc/sys/kernel/perf_event_paranoid >/dev/null &&
    echo 0 | sudo -n tee /proc/sys/kernel/kptr_restrict >/dev/null; then
    echo "entrypoint: perf events enabled for async-profiler"
  else
    echo "entrypoint: could not enable perf events (container not privileged?); /prof may fall back to itimer" >&2
  fi
fi

exec "$@"
