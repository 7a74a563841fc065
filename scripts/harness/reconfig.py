"""Runtime reconfiguration of an OM as an operator does it: the new value in that OM's ozone-site.xml, then
`ozone admin reconfig --service=OM --address=HOST:PORT start`. OM applies the changed reconfigurable keys in a thread
of its own; its settings gauges on /prom show them once applied, which is how callers confirm a change. Standard
library only."""

import re
import subprocess
from pathlib import Path

from .cluster import ClusterError


def set_property(text, key, value):
    """ozone-site.xml's text with `key` set to `value` (its line added if missing)."""
    pattern = re.compile(r'(<name>' + re.escape(key) + r'</name>\s*<value>)[^<]*(</value>)')
    if pattern.search(text):
        return pattern.sub(lambda m: m.group(1) + value + m.group(2), text, count=1)
    return text.replace('</configuration>',
                        f'  <property><name>{key}</name><value>{value}</value></property>\n</configuration>')


def set_properties(site, values):
    """Writes `values` ({key: value}) into the ozone-site.xml at `site`."""
    site = Path(site)
    text = site.read_text()
    for key, value in values.items():
        text = set_property(text, key, value)
    site.write_text(text)


def admin(ozone, env, address, action, log, timeout_s):
    """`ozone admin reconfig --service=OM --address=ADDRESS ACTION` (start, status, properties), appended with its
    output to `log`; what it printed, or ClusterError."""
    cmd = [str(ozone), 'admin', 'reconfig', '--service=OM', f'--address={address}', action]
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=timeout_s)
    with open(log, 'a') as f:
        f.write(f'$ {" ".join(cmd)}\n{result.stdout}{result.stderr}')
    if result.returncode != 0:
        raise ClusterError(f'ozone admin reconfig {action} of OM {address} failed; see {log}')
    return result.stdout
