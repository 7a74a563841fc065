"""Experiment (issue 68): the whole machine's CPU every 0.1 s, run beside `scripts/ab-bench cost` (ended by a
kill): /proc/stat, CPU pressure (PSI) and every process's utime+stime, as JSON lines; a process's name (the role of
a Java process, else its comm) once, when first seen.
Usage: machine_sampler.py OUT.jsonl"""
import json, os, sys, time

def role(pid):
    try:
        with open(f'/proc/{pid}/cmdline', 'rb') as f:
            cmd = f.read().replace(b'\0', b' ').decode(errors='replace')
    except OSError:
        return None
    for key, name in (('OzoneManagerStarter', 'om'), ('StorageContainerManagerStarter', 'scm'),
                      ('HddsDatanodeService', 'datanode'), ('Freon', 'client'), ('proc_om', 'om'),
                      ('proc_scm', 'scm'), ('proc_datanode', 'datanode'), ('freon', 'client'),
                      ('proc_s3g', 's3g'), ('machine_sampler', 'sampler'), ('ab-bench', 'ab-bench')):
        if key in cmd:
            return name
    return 'java-other' if 'java' in cmd.split(' ')[0] else 'python-other'

def psi(kind):
    with open(f'/proc/pressure/{kind}') as f:
        return int(f.readline().split('total=')[1])

out = open(sys.argv[1], 'w')
named = set()
while True:
    t = time.time()
    with open('/proc/stat') as f:
        cpu = [int(x) for x in f.readline().split()[1:9]]
    procs = {}
    for pid in os.listdir('/proc'):
        if not pid.isdigit():
            continue
        try:
            with open(f'/proc/{pid}/stat') as f:
                s = f.read()
        except OSError:
            continue
        rest = s[s.rindex(')') + 2:].split()
        procs[pid] = int(rest[11]) + int(rest[12])
        if pid not in named:
            named.add(pid)
            comm = s[s.index('(') + 1:s.rindex(')')]
            r = role(pid) if comm == 'java' or comm.startswith('python') else None
            out.write(json.dumps({'pid': pid, 'name': r or comm}) + '\n')
    out.write(json.dumps({'t': t, 'cpu': cpu, 'psiCpu': psi('cpu'), 'psiIo': psi('io'), 'procs': procs}) + '\n')
    out.flush()
    time.sleep(max(0.0, 0.1 - (time.time() - t)))
