"""Wall-clock samples of a running JVM by async-profiler, attached and detached with the JDK's jcmd (no launcher
option, so a cluster started without it can be profiled for a stretch of its life): every INTERVAL each thread's
stack, running or waiting, into a JFR file that WallSamples.java turns into lines.

What it is for: what OM's request threads wait on while the range compaction service works, against the same moments
without it (abbench/wallwaits.py). The agent comes from the async-profiler jar the distribution's build copies next
to it (hadoop-ozone/dist/target/async-profiler)."""

import platform
import shutil
import subprocess
import zipfile
from pathlib import Path

INTERVAL_S = 0.02
INTERVAL = f'{INTERVAL_S * 1000:g}ms'
JAR = Path('hadoop-ozone/dist/target/async-profiler/async-profiler.jar')
CONVERTER = Path(__file__).with_name('WallSamples.java')


class ProfilerError(Exception):
    pass


def agent(repo, into):
    """The agent library for this machine, extracted from the jar into `into`."""
    jar = Path(repo) / JAR
    machine = {'x86_64': 'linux-x64', 'aarch64': 'linux-arm64'}.get(platform.machine())
    if not jar.exists():
        raise ProfilerError(f'{jar} is missing; build it: mvn install -DskipTests -pl hadoop-ozone/dist')
    if platform.system() != 'Linux' or not machine:
        raise ProfilerError(f'async-profiler has no agent here ({platform.system()} {platform.machine()})')
    with zipfile.ZipFile(jar) as z:
        return Path(z.extract(f'{machine}/libasyncProfiler.so', into))


class WallProfiler:

    def __init__(self, pid, lib, path):
        self.pid, self.lib, self.path = pid, lib, path

    def _command(self, args):
        jcmd = shutil.which('jcmd')
        if not jcmd:
            raise ProfilerError('jcmd (the JDK) is not on PATH')
        # jcmd splits its arguments at spaces and '='; the agent's options travel as one quoted string
        done = subprocess.run([jcmd, str(self.pid), 'JVMTI.agent_load', str(self.lib), f'"{args}"'],
                              capture_output=True, text=True, timeout=60)
        if done.returncode or 'ERROR' in done.stdout:
            raise ProfilerError(f'async-profiler {args.split(",")[0]}: {done.stdout.strip() or done.stderr.strip()}')

    def start(self):
        self._command(f'start,event=wall,interval={INTERVAL},file={self.path}')
        return self

    def stop(self):
        self._command(f'stop,file={self.path}')


def samples(path):
    """(stacks {id: [frames root first]}, samples [(epoch s, thread, state, count, span s, stack id)]) of a JFR
    recording, through WallSamples.java."""
    done = subprocess.run(['java', str(CONVERTER), str(path)], capture_output=True, text=True)
    if done.returncode:
        raise ProfilerError(f'{CONVERTER.name} {path}: {done.stderr.strip().splitlines()[-1:]}')
    stacks, rows = {}, []
    for line in done.stdout.splitlines():
        fields = line.split('\t')
        if fields[0] == 'S':
            stacks[int(fields[1])] = fields[2].split(';')
        elif fields[0] == 'W':
            rows.append((int(fields[1]) / 1e3, fields[2], fields[3], int(fields[4]), int(fields[5]) / 1e3,
                         int(fields[6])))
    return stacks, rows
