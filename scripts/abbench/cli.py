"""Command line of scripts/ab-bench: parse and check the options, then run the benchmark or a comparison."""

import argparse
import datetime
import json
import re
import sys
from pathlib import Path

from harness import preload
from harness.cluster import ClusterError, repo_root
from harness.progress import ended
from . import charts, cost, hatransfer, interleave, production, report, scenarios, summary
from .runner import Benchmark, Settings
from .scenarios import ARMS, SCENARIOS, SIZE_UNITS, SMOKE_WRITE_BUFFER, known_arm

# --smoke: both keyTable stories (seed, retention) x every arm on a fresh OM whose DB holds a few MB, where a full
# compaction is free: a toy for development and for checking the harness, not a measure of the product (the
# production command is). Each arm costs about 75 s of cluster start and stop plus 100,000 operations at 1,000-1,700
# ops/s (10 threads).
SMOKE_SCENARIOS = ['seed', 'retention']
SMOKE_OPS = 100000

# --large: the smoke run's workloads on an OM that already holds 10^7 keys in a cold bucket, so that a full
# compaction costs what it costs in production. 18 arms (2 scenarios x 3 arms x 3 repeats) in about an hour on
# 2 cores: about 40 s of cluster start and stop per arm, 100,000 operations (about 100 s at off's 1,000 ops/s, 250 s
# at full's 400), plus the base image once (about 2.5 minutes).
LARGE_SCENARIOS = ['seed', 'retention']
LARGE_ARMS = ['off', 'range', 'full']
LARGE_REPEAT = 3
LARGE_OPS = 100000
LARGE_PRELOAD_KEYS = 10_000_000
# Upstream's full compaction starts a pass when OM starts and every interval after (queued behind a pass still
# running): every 1/4 of the client run puts three or more passes in it. At 10^7 keys one table's compaction takes
# longer than that interval (docs/large-ab.md, from the --large page), so the passes run back to back.
LARGE_INTERVAL_FRACTION = 1 / 4
DEFAULT_OPS = 200000
DEFAULT_THREADS = 10
# The phased scenarios and ha-transfer: seconds with no client between the load and the readers.
DEFAULT_QUIET_S = 60
MAX_QUIET_S = 86400
# Ports of the clusters: 40 from the base (46 with three OMs), all below 32768, where Linux's ephemeral range starts
# (an outgoing connection's local port there can take a cluster's port before it binds).
PORT_RANGE = (10000, 32720)
DEFAULT_BASE_PORT = 19100

DESCRIPTION = """\
A/B benchmark of OM under a delete-heavy load: for each scenario, each arm runs on a fresh local cluster with
the same `ozone freon omkeybench` command line; OM's /prom is sampled during the run. Results (summary.json,
per-arm CSV, charts, report.md) go to bench-results/<timestamp>/.

arms:      """ + '; '.join(f'{k}: {v}' for k, v in ARMS.items()) + """
scenarios: """ + '; '.join(f'{k}: {v.about}' for k, v in SCENARIOS.items())

EPILOG = """\
examples:
  scripts/ab-bench production                          the main job: seed and retention, every arm, on an OM
                                                       holding 10^7 keys, and the service's cost to clients
  scripts/ab-bench arms --smoke                        the same arms on a fresh, tiny OM: a toy, for development
  scripts/ab-bench arms --scenario all --repeat 3      every scenario, arms interleaved three times
  scripts/ab-bench arms --large                        on 10^7 preloaded keys, three repeats, about an hour
  scripts/ab-bench arms --arms off,range --ops 100000 --om-conf range:ozone.om.range.compaction.service.budget.ratio=2
  scripts/ab-bench arms --arms range,range@no-repeat \\
      --om-conf range@no-repeat:ozone.om.range.compaction.service.memtable.flush.repeat=false
                                                       two settings of the service side by side in one run
  scripts/ab-bench arms --arms off,range --profile     OM's CPU flamegraph per arm
  scripts/ab-bench arms --scenario bulk-expire --write-buffer 2MB   a bulk delete, a minute of quiet, the listings
  scripts/ab-bench arms --scenario s3-expiry --arms off,range,full  the same through the S3 gateway (boto3)
  scripts/ab-bench arms --scenario s3-lifecycle --arms off,range,full --dist DIR --dist range:DIR2
                                                       the same with master's lifecycle service expiring the objects
  scripts/ab-bench interleave --scenario retention     the service switched on and off in paired blocks
  scripts/ab-bench cost --scenario retention --utilizations 50
                                                       paced at half the measured capacity, on/off and A/A
  scripts/ab-bench ha-transfer                         three OMs: the new leader's heads after a leadership transfer
  scripts/ab-bench compare bench-results/A bench-results/B
  scripts/ab-bench report bench-results/A              report.md again from summary.json (after the report changed)
  scripts/ab-bench self-test                           the harness's own tests (pytest; starts small clusters)
"""


class OneLineErrors(argparse.ArgumentParser):
    """Bad input is one line naming the problem and exit code 2, not the usage text."""

    def error(self, message):
        sys.stderr.write(f'ab-bench: {message} (see scripts/ab-bench --help)\n')
        sys.exit(2)


def _positive_int(text):
    if not re.fullmatch(r'[0-9]+', text) or int(text) < 1:
        raise argparse.ArgumentTypeError(f'expected a positive integer, got {text!r}')
    return int(text)


def _interval(text):
    try:
        value = float(text)
    except ValueError:
        value = 0
    if not 0.5 <= value <= 300:
        raise argparse.ArgumentTypeError(f'expected seconds from 0.5 to 300, got {text!r}')
    return value


def _quiet(text):
    if not re.fullmatch(r'[0-9]+', text) or int(text) > MAX_QUIET_S:
        raise argparse.ArgumentTypeError(f'expected whole seconds from 0 to {MAX_QUIET_S}, got {text!r}')
    return int(text)


def _size(text):
    if not re.fullmatch(r'[0-9]+(' + '|'.join(SIZE_UNITS) + ')', text) or int(text[:-2]) < 1:
        raise argparse.ArgumentTypeError(f'expected a size like 2MB (KB, MB or GB), got {text!r}')
    return text


def _base_port(text):
    if not re.fullmatch(r'[0-9]+', text) or not PORT_RANGE[0] <= int(text) <= PORT_RANGE[1]:
        raise argparse.ArgumentTypeError(f'expected a port from {PORT_RANGE[0]} to {PORT_RANGE[1]}, got {text!r}')
    return int(text)


def _names(text, known, what, accepts=None, also='', everything=None):
    """Comma-separated names of `known` (or all of them: `everything`, else `known`), each once; `accepts` widens
    what a name may be, and `also` says how in the error."""
    if text == 'all':
        return list(everything or known)
    names = [n.strip() for n in text.split(',') if n.strip()]
    unknown = [n for n in names if not (accepts(n) if accepts else n in known)]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f'unknown {what} {", ".join(unknown) or repr(text)}; known: '
                                         f'{", ".join(known)}, all{also}')
    return list(dict.fromkeys(names))


def _weights(text):
    if not re.fullmatch(r'(create|delete|list|deletedir):[0-9]+(,(create|delete|list|deletedir):[0-9]+)*', text):
        raise argparse.ArgumentTypeError(f'expected op:weight pairs of create, delete, list, deletedir, got {text!r}')
    return text


def _arms(text):
    """Arms, or variants of arms (BASE@LABEL: BASE with the --om-conf settings given to BASE@LABEL)."""
    return _names(text, ARMS, 'arm', known_arm, ', or a variant ARM@LABEL (LABEL: lower-case letters, digits, dashes)')


def _om_conf(text):
    """[ARM:]key=value, for one arm or variant or (without ARM) for all arms."""
    match = re.fullmatch(r'(?:([a-z]+(?:@[a-z0-9-]+)?):)?([A-Za-z0-9._-]+=.*)', text)
    if not match or (match.group(1) and not known_arm(match.group(1))):
        raise argparse.ArgumentTypeError(f'expected [ARM:]key=value with ARM one of {", ".join(ARMS)} or a variant '
                                         f'ARM@LABEL, got {text!r}')
    return match.group(1) or '*', match.group(2)


def _dist(text):
    """[ARM:]DIR, a distribution the processes of one arm or variant or (without ARM) of all arms run from."""
    arm, _, folder = text.partition(':')
    if not folder or not known_arm(arm):
        arm, folder = '*', text
    if not (Path(folder) / 'bin' / 'ozone').is_file():
        raise argparse.ArgumentTypeError(f'expected [ARM:]DIR with DIR an Ozone distribution (DIR/bin/ozone), got '
                                         f'{text!r}')
    return arm, Path(folder).resolve()


def _option_specs():
    """Every option of ab-bench, once: the subcommands name the ones they take (COMMANDS)."""
    return {
        '--smoke': dict(action='store_true', help=(
            f'a toy for development: scenarios {",".join(SMOKE_SCENARIOS)}, all arms, {SMOKE_OPS:,} ops per arm, '
            f'{SMOKE_WRITE_BUFFER} memtables, on a fresh OM of a few MB (options given explicitly still apply)')),
        '--large': dict(action='store_true', help=(
            f'scenarios {",".join(LARGE_SCENARIOS)}, arms {",".join(LARGE_ARMS)}, --repeat {LARGE_REPEAT}, '
            f'{LARGE_OPS:,} ops per arm, {SMOKE_WRITE_BUFFER} memtables, --preload-keys {LARGE_PRELOAD_KEYS:,}, full '
            f'compaction every {round(1 / LARGE_INTERVAL_FRACTION)}th of a run; about an hour (see docs/large-ab.md; '
            'options given explicitly still apply)')),
        '--scenario': dict(type=lambda t: _names(t, SCENARIOS, 'scenario', everything=[
            name for name, s in SCENARIOS.items() if not s.needs_newer]), help=(
            'comma-separated scenarios, or all (default: seed); all leaves out those that need an Ozone newer than '
            f"2.2.1 ({', '.join(n for n, s in SCENARIOS.items() if s.needs_newer)})")),
        '--arms': dict(type=_arms, help=(
            'comma-separated arms (default: all); ARM@LABEL is a variant of ARM, run as an arm of its own with the '
            'settings --om-conf gives ARM and then those it gives ARM@LABEL')),
        '--ops': dict(type=_positive_int, help=f'operations per arm (default {DEFAULT_OPS:,}; --smoke {SMOKE_OPS:,})'),
        '--write-buffer': dict(type=_size, metavar='SIZE', help=(
            "OM's RocksDB memtable size per table, ozone.metastore.rocksdb.cf.write.buffer.size, in every arm "
            f"(default: OM's, 128MB; --smoke {SMOKE_WRITE_BUFFER})")),
        '--profile': dict(action='store_true', help=(
            "run OM under async-profiler in every arm; each arm's CPU flamegraph is linked in report.md")),
        '--preload-keys': dict(type=_positive_int, metavar='N', help=(
            f'OM starts every arm on a DB that already holds N keys in the cold bucket /{preload.VOLUME}/'
            f"{preload.BUCKET}, beside the workload's bucket; the base image is built once and cached in "
            'bench-cache/')),
        '--preload-churn': dict(type=_positive_int, metavar='M', help=(
            f'with --preload-keys: the base image also holds the tombstone history of the bucket /{preload.VOLUME}/'
            f'{preload.CHURNED_BUCKET}: M omkeybench operations served by the real OM while the image is built '
            f'(creates, and deletes of the oldest keys; at most {preload.CHURN_LIVE_KEYS:,} live), about 800 per '
            'second')),
        '--threads': dict(type=_positive_int, default=DEFAULT_THREADS, help='freon threads (default 10)'),
        '--weights': dict(type=_weights, help=(
            "override the scenario's omkeybench --weights (e.g. create:20,delete:8,list:1)")),
        '--seed': dict(type=_positive_int, default=42, help='omkeybench --seed, the same in every arm'),
        '--repeat': dict(type=_positive_int, help='run the arms K times, interleaved (default 1; --large 3)'),
        '--om-conf': dict(type=_om_conf, action='append', default=[], metavar='[ARM:]KEY=VALUE', help=(
            'extra OM configuration for one arm or (without ARM:) all arms; repeatable')),
        '--dist': dict(type=_dist, action='append', default=[], metavar='[ARM:]DIR', help=(
            "run the cluster of one arm or (without ARM:) of all arms from distribution DIR instead of this "
            "repository's build, such as master's (scripts/upstream-on-master --dists); a variant runs from its "
            "arm's unless given its own; the load (omkeybench) runs from this repository's build in every arm; "
            'repeatable')),
        '--scrape-interval': dict(type=_interval, default=3.0, metavar='SECONDS',
                                  help="how often OM's /prom is sampled (default 3)"),
        '--base-port': dict(type=_base_port, default=DEFAULT_BASE_PORT, help=(
            f'first of the 40 ports of each cluster, {PORT_RANGE[0]}-{PORT_RANGE[1]} (default {DEFAULT_BASE_PORT})')),
        '--quiet-seconds': dict(type=_quiet, metavar='S', help=(
            'the phased scenarios (bulk-expire, s3-expiry, s3-lifecycle) and ha-transfer: seconds with no client '
            f'between the load and the readings (default {DEFAULT_QUIET_S})')),
        '--out': dict(type=Path, help='results folder (default bench-results/<timestamp>)'),
    }


# What each subcommand is and takes: the A/B arms, the main job, the interleaved cost, the HA transfer, and two that
# read results folders. An option a subcommand does not name is refused by the parser, with its name.
COMMANDS = {
    'arms': ('the A/B benchmark: each arm of each scenario on a fresh local cluster, one report (the default)',
             ['--smoke', '--large', '--scenario', '--arms', '--ops', '--write-buffer', '--profile', '--preload-keys',
              '--preload-churn', '--threads', '--weights', '--seed', '--repeat', '--om-conf', '--dist',
              '--scrape-interval', '--base-port', '--quiet-seconds', '--out']),
    'production': ("the main job: an OM holding 10^7 keys, scenarios seed and retention, every arm once, then the "
                   "service's cost to clients in switched blocks; one page with the targets (see docs/benchmarks.md, "
                   '"The main job"); its shape is fixed (production.py)',
                   ['--out', '--base-port', '--seed', '--threads', '--scrape-interval']),
    'interleave': ('one cluster, one continuous load of one --scenario, the range service switched on and off at '
                   'runtime in blocks, pairs in a random order; ratios on/off per pair with 95% intervals (see '
                   'docs/benchmarks.md)',
                   ['--scenario', '--write-buffer', '--preload-keys', '--preload-churn', '--threads', '--weights',
                    '--seed', '--om-conf', '--base-port', '--out']),
    'cost': ("the service's cost to clients under paced loads on the main job's OM: the machine's capacity, then "
             'open loops at shares of it (default 25,50,75%), the service switched on and off in pairs, during/'
             "outside at the switch's moments, an A/A control; per scenario (default "
             f'{",".join(cost.SCENARIOS)}); hours at the defaults (see docs/benchmarks.md)',
             ['--scenario', '--write-buffer', '--preload-keys', '--threads', '--seed', '--om-conf', '--base-port',
              '--out']),
    'ha-transfer': ('on three OMs (scripts/cluster start --om-ha), per scenario (default '
                    f'{",".join(hatransfer.DEFAULT_SCENARIOS)}) and arm (default {",".join(hatransfer.DEFAULT_ARMS)}), '
                    "the load, the quiet period, each OM's head skips, a leadership transfer and the new leader's; "
                    f'writes ha-transfer.md and ha-transfer.json ({SMOKE_OPS:,} ops and {SMOKE_WRITE_BUFFER} memtables '
                    'unless told; see docs/om-ha.md)',
                    ['--scenario', '--arms', '--ops', '--write-buffer', '--threads', '--weights', '--seed', '--om-conf',
                     '--quiet-seconds', '--base-port', '--out']),
    'compare': ('put two results folders side by side (writes a new folder with report.md)', ['--out']),
    'report': ('write DIR/report.md again from DIR/summary.json and the charts in DIR/charts, DIR/ha-transfer.md '
               'from DIR/ha-transfer.json, or the main job\'s page (no run)', []),
}

# The flags that named the modes before they were subcommands. Result pages record their commands, and a recorded
# command should run again as it was written: `scripts/ab-bench --interleave --scenario retention` is `interleave`.
LEGACY_MODE_FLAGS = {'--production': 'production', '--interleave': 'interleave', '--ha-transfer': 'ha-transfer',
                     '--compare': 'compare', '--report': 'report'}


def with_command(argv):
    """argv with its subcommand first: as given, from a mode flag of the recorded commands, or `arms` before options
    alone; nothing stays nothing (the parser asks for a command)."""
    if not argv or not argv[0].startswith('-') or argv[0] in ('-h', '--help'):
        return list(argv)
    for flag, command in LEGACY_MODE_FLAGS.items():
        if flag in argv:
            rest = list(argv)
            rest.remove(flag)
            return [command] + rest
    return ['arms'] + list(argv)


def parser():
    p = OneLineErrors(prog='scripts/ab-bench', description=DESCRIPTION, epilog=EPILOG,
                      formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = p.add_subparsers(dest='command', metavar='COMMAND', required=True, parser_class=OneLineErrors)
    specs = _option_specs()
    for name, (about, options) in COMMANDS.items():
        # argparse formats a help text with %, not a description.
        sub = commands.add_parser(name, help=about.replace('%', '%%'), description=about)
        for option in options:
            sub.add_argument(option, **specs[option])
        if name == 'interleave':
            interleave.add_arguments(sub)
        elif name == 'cost':
            cost.add_arguments(sub)
        elif name == 'compare':
            sub.add_argument('folders', nargs=2, type=Path, metavar=('DIR1', 'DIR2'))
        elif name == 'report':
            sub.add_argument('folder', type=Path, metavar='DIR')
    return p


def _load_result(folder):
    path = folder / 'summary.json'
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise SystemExit(f'ab-bench: cannot read {path}: {e.__class__.__name__}: {e}') from None


def _timestamped(repo, prefix=''):
    return repo / 'bench-results' / (prefix + datetime.datetime.now().strftime('%Y%m%d-%H%M%S'))


def compare(args, repo):
    first, second = (_load_result(d) for d in args.folders)
    out = args.out or _timestamped(repo, 'compare-')
    out.mkdir(parents=True, exist_ok=True)
    (out / 'report.md').write_text(report.render_comparison(first, second, *args.folders))
    print(f'Comparison: {out / "report.md"}')
    return 0


def rewrite_report(folder):
    if (folder / production.JSON_FILE).exists():
        return production.rewrite(folder)
    if (folder / hatransfer.JSON_FILE).exists() and not (folder / 'summary.json').exists():
        path = folder / hatransfer.JSON_FILE
        try:
            result = json.loads(path.read_text())
        except (OSError, ValueError) as e:
            raise SystemExit(f'ab-bench: cannot read {path}: {e.__class__.__name__}: {e}') from None
        (folder / hatransfer.PAGE_FILE).write_text(hatransfer.render(result))
        print(f'Page: {folder / hatransfer.PAGE_FILE}')
        return 0
    result = _load_result(folder)
    chart_files = {scenario: charts.scenario_files(folder / 'charts' / scenario)
                   for scenario in summary.group_runs(result['runs'])}
    (folder / 'report.md').write_text(report.render(result, chart_files))
    print(f'Report: {folder / "report.md"}')
    return 0


def _empty_out(out):
    if out.exists() and any(out.iterdir()):
        raise SystemExit(f'ab-bench: results folder {out} is not empty; choose another --out')
    return out


def _profile_default(args, smoke, large, default):
    return large if args.large else smoke if args.smoke else default


def settings(args, repo):
    if args.smoke and args.large:
        raise SystemExit('ab-bench: choose one of --smoke and --large')
    if args.preload_churn and not (args.preload_keys or args.large):
        raise SystemExit('ab-bench: --preload-churn needs a preloaded OM: add --preload-keys N (or --large)')
    scenario_names = args.scenario or _profile_default(args, SMOKE_SCENARIOS, LARGE_SCENARIOS, ['seed'])
    scenarios.check_preload(scenario_names, args.preload_keys or (LARGE_PRELOAD_KEYS if args.large else 0))
    if args.quiet_seconds is not None and not any(scenarios.SCENARIOS[n].phased for n in scenario_names):
        raise SystemExit('ab-bench: --quiet-seconds applies to the bulk-expire, s3-expiry and s3-lifecycle scenarios '
                         'and to ha-transfer')
    if args.weights and all(scenarios.SCENARIOS[n].phased for n in scenario_names):
        raise SystemExit(f'ab-bench: --weights replaces an omkeybench mix; {scenario_names[0]} has none')
    om_conf = {}
    for arm, kv in args.om_conf:
        om_conf.setdefault(arm, []).append(kv)
    dists = dict(args.dist)
    if len(dists) != len(args.dist):
        raise SystemExit('ab-bench: --dist names an arm (or all arms) twice')
    arms = args.arms or _profile_default(args, list(ARMS), LARGE_ARMS, list(ARMS))
    scenarios.check_dists(scenario_names, arms, dists)
    out = _empty_out(args.out or _timestamped(repo))
    return Settings(scenarios=scenario_names, arms=arms,
                    ops=args.ops or _profile_default(args, SMOKE_OPS, LARGE_OPS, DEFAULT_OPS), threads=args.threads,
                    seed=args.seed, repeat=args.repeat or _profile_default(args, 1, LARGE_REPEAT, 1),
                    scrape_interval_s=args.scrape_interval, base_port=args.base_port, out=out.resolve(),
                    om_conf=om_conf, dists=dists, weights=args.weights,
                    write_buffer=args.write_buffer or _profile_default(args, SMOKE_WRITE_BUFFER, SMOKE_WRITE_BUFFER,
                                                                       None),
                    profile=args.profile, preload_keys=args.preload_keys or (LARGE_PRELOAD_KEYS if args.large else 0),
                    preload_churn=args.preload_churn or 0,
                    interval_fraction=LARGE_INTERVAL_FRACTION if args.large else scenarios.FULL_INTERVAL_FRACTION,
                    quiet_s=DEFAULT_QUIET_S if args.quiet_seconds is None else args.quiet_seconds)


def ha_settings(args, repo):
    scenario_names = args.scenario or hatransfer.DEFAULT_SCENARIOS
    phased = [n for n in scenario_names if scenarios.SCENARIOS[n].phased]
    if phased:
        raise SystemExit(f'ab-bench: ha-transfer measures the omkeybench scenarios, not {phased[0]}')
    scenarios.check_preload(scenario_names, 0)
    om_conf = {}
    for arm, kv in args.om_conf:
        om_conf.setdefault(arm, []).append(kv)
    out = _empty_out(args.out or _timestamped(repo, 'ha-transfer-'))
    return hatransfer.HaSettings(scenarios=scenario_names, arms=args.arms or hatransfer.DEFAULT_ARMS,
                                 ops=args.ops or SMOKE_OPS, threads=args.threads, seed=args.seed,
                                 quiet_s=DEFAULT_QUIET_S if args.quiet_seconds is None else args.quiet_seconds,
                                 base_port=args.base_port, out=out.resolve(), om_conf=om_conf, weights=args.weights,
                                 write_buffer=args.write_buffer or SMOKE_WRITE_BUFFER)


def ha_transfer(args, repo, argv):
    s = ha_settings(args, repo)
    print(f'ab-bench ha-transfer: scenarios {",".join(s.scenarios)}; arms {",".join(s.arms)}; {s.ops:,} ops; '
          f'results in {s.out}', flush=True)
    try:
        result = hatransfer.HaTransfer(s, repo, ['scripts/ab-bench'] + argv).run()
    except ClusterError as e:
        raise SystemExit(f'ab-bench: {e}') from None
    except KeyboardInterrupt:
        raise SystemExit('ab-bench: interrupted before any run') from None
    return ended(result, 'Page', s.out / hatransfer.PAGE_FILE)


def main(argv=None):
    argv = with_command(sys.argv[1:] if argv is None else argv)
    p = parser()
    args, unknown = p.parse_known_args(argv)
    if unknown:
        p.error(f'{args.command} does not take {unknown[0]}')
    repo = repo_root()
    if args.command == 'compare':
        return compare(args, repo)
    if args.command == 'report':
        return rewrite_report(args.folder)
    if args.command == 'production':
        return production.main(args, repo, argv, _empty_out(args.out or _timestamped(repo, 'production-')))
    if args.command == 'ha-transfer':
        return ha_transfer(args, repo, argv)
    if args.command == 'cost':
        return cost.main(args, repo, argv, _empty_out(args.out or _timestamped(repo, 'cost-')))
    if args.command == 'interleave':
        return interleave.main(args, repo, argv, _empty_out(args.out or _timestamped(repo, 'interleave-')))
    s = settings(args, repo)
    print(f'ab-bench: scenarios {",".join(s.scenarios)}; arms {",".join(s.arms)}; {s.ops:,} ops x {s.repeat}; '
          f'results in {s.out}', flush=True)
    try:
        result = Benchmark(s, repo, ['scripts/ab-bench'] + argv).run()
    except ClusterError as e:
        raise SystemExit(f'ab-bench: {e}') from None
    except KeyboardInterrupt:
        raise SystemExit('ab-bench: interrupted before any arm ran') from None
    return ended(result, 'Report', s.out / 'report.md')
