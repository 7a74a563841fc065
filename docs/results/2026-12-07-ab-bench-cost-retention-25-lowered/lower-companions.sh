#!/usr/bin/env bash
# Experiment (issue 68): every second, in every OM of this user's local clusters, put the RocksDB BOTTOM-pool thread
# under SCHED_IDLE (chrt --idle) and renice to 19 the threads whose work comes with each of the service's
# compactions: RocksDB's HIGH pool (the flush CompactRange forces), the service's thread, the range statistics'
# threads and the JIT compiler threads. Logs each thread's first change. Usage: lower-companions.sh LOG
log=$1
declare -A done_tids
while true; do
  for pidfile in /tmp/abbench-interleave-*/cluster/om*/pid; do
    [[ -f "$pidfile" ]] || continue
    pid=$(cat "$pidfile" 2>/dev/null) || continue
    for task in /proc/"$pid"/task/*; do
      comm=$(cat "$task/comm" 2>/dev/null) || continue
      tid=${task##*/}
      if [[ "$comm" == rocksdb:bottom ]]; then
        if ! chrt -p "$tid" 2>/dev/null | grep -q SCHED_IDLE; then
          chrt --idle -p 0 "$tid" && echo "$(date +%s.%N) pid $pid tid $tid $comm: SCHED_IDLE" >> "$log"
        fi
      elif [[ "$comm" =~ ^(rocksdb:high|RangeCompac|OmRangeStats|C[12]\ CompilerThre) || "$comm" =~ (_Ful|_Partia)$ ]]; then
        renice -n 19 -p "$tid" >/dev/null 2>&1
        if [[ -z "${done_tids[$tid]}" ]]; then
          done_tids[$tid]=1
          echo "$(date +%s.%N) pid $pid tid $tid $comm: nice 19" >> "$log"
        fi
      fi
    done
  done
  sleep 1
done
