"""One PNG per metric family of the prototype's published "Visualizations", the arms overlaid, plus the client's
latencies."""

import io
from dataclasses import dataclass

import matplotlib
from PIL import Image

matplotlib.use('Agg')  # files only; no display on a server
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

# A chart's lines and fills need few colours: a palette of this many keeps it as drawn at a quarter of the bytes of
# matplotlib's RGBA, which is what keeps the committed result pages small.
PALETTE_COLOURS = 64

from . import clientlatency, summary

RATE = 'rate'  # a counter, shown per second
TOTAL = 'total'  # a counter, shown as grown since the run started
LEVEL = 'level'  # a gauge, shown as sampled


@dataclass(frozen=True)
class Chart:
    file: str
    title: str
    column: str
    how: str
    ylabel: str
    scale: float = 1.0


MB = 1e-6
MS = 1e-3

CHARTS = [
    Chart('bytes_read_per_second', 'Bytes read per second', 'bytes_read', RATE, 'MB/s', MB),
    Chart('bytes_written_per_second', 'Bytes written per second', 'bytes_written', RATE, 'MB/s', MB),
    Chart('compaction_read_bytes', 'Compaction read bytes (since start)', 'compact_read_bytes', TOTAL, 'MB', MB),
    Chart('compaction_write_bytes', 'Compaction write bytes (since start)', 'compact_write_bytes', TOTAL, 'MB', MB),
    Chart('compaction_time_average', 'Compaction time average (cumulative)', 'compaction_time_avg_us', LEVEL, 'ms',
          MS),
    Chart('db_get_average', 'DB get average latency (cumulative)', 'get_avg_us', LEVEL, 'us'),
    Chart('db_get_median', 'DB get median (cumulative)', 'get_median_us', LEVEL, 'us'),
    Chart('db_get_p95', 'DB get 95th percentile (cumulative)', 'get_p95_us', LEVEL, 'us'),
    Chart('db_get_p99', 'DB get 99th percentile (cumulative)', 'get_p99_us', LEVEL, 'us'),
    Chart('deletedtable_estimated_keys', 'deletedTable estimated number of keys', 'deletedtable_keys', LEVEL, 'keys'),
    Chart('keytable_estimated_keys', 'keyTable estimated number of keys', 'keytable_keys', LEVEL, 'keys'),
    Chart('openkeytable_estimated_keys', 'openKeyTable estimated number of keys', 'openkeytable_keys', LEVEL,
          'keys'),
    Chart('flush_time_average', 'Flush time average (cumulative)', 'flush_time_avg_us', LEVEL, 'ms', MS),
    Chart('flush_time_median', 'Flush time median (cumulative)', 'flush_time_median_us', LEVEL, 'ms', MS),
    Chart('flush_write_bytes', 'Flush write bytes (since start)', 'flush_write_bytes', TOTAL, 'MB', MB),
    Chart('keys_read_per_second', 'Number of keys read per second', 'keys_read', RATE, 'keys/s'),
    Chart('keys_written_per_second', 'Number of keys written per second', 'keys_written', RATE, 'keys/s'),
    Chart('next_per_second', 'Number of next per second', 'nexts', RATE, 'calls/s'),
    Chart('seek_per_second', 'Number of seeks per second', 'seeks', RATE, 'calls/s'),
    Chart('iter_skips_per_second', 'Iterator skips per second (tombstones and shadowed entries)', 'iter_skips',
          RATE, 'entries/s'),
    Chart('sst_total_size', 'SST file total size', 'live_sst_bytes', LEVEL, 'MB', MB),
    Chart('seek_average', 'Seek average latency (cumulative)', 'seek_avg_us', LEVEL, 'us'),
    Chart('seek_median', 'Seek median latency (cumulative)', 'seek_median_us', LEVEL, 'us'),
    Chart('seek_p95', 'Seek 95th percentile latency (cumulative)', 'seek_p95_us', LEVEL, 'us'),
    Chart('seek_p99', 'Seek 99th percentile latency (cumulative)', 'seek_p99_us', LEVEL, 'us'),
    Chart('seek_max', 'Seek max latency (cumulative)', 'seek_max_us', LEVEL, 'us'),
    Chart('write_stall', 'Write stall time (since start)', 'stall_micros', TOTAL, 'ms', MS),
    Chart('om_cpu', "OM's CPU use (cores busy)", 'om_cpu_seconds', RATE, 'cores'),
    Chart('om_rss', "OM's resident memory", 'om_rss_bytes', LEVEL, 'MB', MB),
    Chart('range_compactions', 'Ranges compacted by the range compaction service', 'range_compactions', TOTAL,
          'ranges'),
]

# The windowed seek average is derived from two columns, so it is drawn apart from CHARTS.
WINDOWED_SEEK_FILE = 'seek_average_per_interval'
CLIENT_LATENCY_FILE = 'client_latency_p99'
CLIENT_P99_OVER_TIME_FILE = 'client_p99_per_interval'


def _series(rows, chart):
    points = [(r['elapsed_s'], r[chart.column]) for r in rows if r.get(chart.column) is not None]
    if chart.how == LEVEL:
        return [t for t, _ in points], [v * chart.scale for _, v in points]
    if chart.how == TOTAL:
        return [t for t, _ in points], [(v - points[0][1]) * chart.scale for _, v in points]
    xs, ys = [], []
    for (t0, v0), (t1, v1) in zip(points, points[1:]):
        if t1 > t0:
            xs.append(t1)
            ys.append(max(0.0, v1 - v0) / (t1 - t0) * chart.scale)
    return xs, ys


def _windowed_seek(rows):
    rows = [r for r in rows if r.get('seek_avg_us') is not None and r.get('seeks') is not None]
    xs = [r1['elapsed_s'] for r0, r1 in zip(rows, rows[1:]) if r1['seeks'] > r0['seeks']]
    return xs, summary.windowed_seek_avg_us(rows)


def _new_figure(title, ylabel):
    figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
    axes.set_title(title)
    axes.set_xlabel('time since the client run started (s)')
    axes.set_ylabel(ylabel)
    axes.grid(True, alpha=0.3)
    return figure, axes


def _save(figure, axes, path):
    if axes.get_legend_handles_labels()[0]:
        axes.legend()
    else:
        axes.text(0.5, 0.5, 'not exported in any arm', ha='center', va='center', transform=axes.transAxes)
    figure.tight_layout()
    write_png(figure, path)
    plt.close(figure)


def write_png(figure, path):
    """`figure` as a palette PNG at `path`."""
    drawn = io.BytesIO()
    figure.savefig(drawn, format='png')
    drawn.seek(0)
    with Image.open(drawn) as image:
        image.convert('RGB').quantize(colors=PALETTE_COLOURS).save(path, optimize=True)


def _arms(runs):
    return list(dict.fromkeys(r['arm'] for r in runs))


def _color(arms, arm):
    """The same color for an arm in every chart of a scenario."""
    return f'C{arms.index(arm)}'


def _label(run, repeats):
    return run['arm'] if repeats == 1 else f"{run['arm']} #{run['repeat']}"


def _mark(axes, spans, color, run_end):
    """Shades the periods in which upstream's full compaction ran while the client ran (seconds since it started)."""
    for start, end in spans:
        if end > 0 and start < run_end:
            axes.axvspan(max(start, 0), min(end, run_end), color=color, alpha=0.15, linewidth=0)


def draw_scenario(runs, series, out_dir, repeats, marks=None, latencies=None):
    """Charts of one scenario into out_dir; `series` maps a run's id to its rows, `marks` a run's id to the periods
    of full compaction to shade, `latencies` a run's id to its client latency intervals. Returns the files
    written."""
    marks = marks or {}
    out_dir.mkdir(parents=True, exist_ok=True)
    arms = _arms(runs)
    for chart in CHARTS + [None]:
        title, ylabel = ((chart.title, chart.ylabel) if chart else
                         ('Seek average latency per sampling interval (derived)', 'us'))
        figure, axes = _new_figure(title, ylabel)
        for run in runs:
            rows = series.get(run['id'], [])
            xs, ys = _series(rows, chart) if chart else _windowed_seek(rows)
            if xs:
                axes.plot(xs, ys, label=_label(run, repeats), color=_color(arms, run['arm']),
                          alpha=1.0 if run['repeat'] == 1 else 0.5)
                _mark(axes, marks.get(run['id'], []), _color(arms, run['arm']), rows[-1]['elapsed_s'])
        _save(figure, axes, out_dir / f'{chart.file if chart else WINDOWED_SEEK_FILE}.png')
    _client_latency(runs, out_dir)
    _client_latency_over_time(runs, series, marks, latencies or {}, out_dir, repeats)
    return scenario_files(out_dir)


def scenario_files(out_dir):
    """The charts draw_scenario writes into out_dir, in the order the report shows them (also when it is written
    again from summary.json)."""
    names = [chart.file for chart in CHARTS] + [WINDOWED_SEEK_FILE, CLIENT_LATENCY_FILE, CLIENT_P99_OVER_TIME_FILE]
    return [path for path in (out_dir / f'{name}.png' for name in names) if path.exists()]


def _client_latency_over_time(runs, series, marks, latencies, out_dir, repeats):
    """Client p99 per interval and operation, the arms overlaid and full compaction shaded: what a client saw
    while a compaction ran."""
    operations = [op for op in clientlatency.OPERATIONS if any(op in latencies.get(r['id'], {}) for r in runs)]
    figure, all_axes = plt.subplots(max(1, len(operations)), 1, figsize=(8, 2.5 + 2 * len(operations)), dpi=100,
                                    sharex=True, squeeze=False)
    arms = _arms(runs)
    for op, axes in zip(operations, all_axes[:, 0]):
        axes.set_title(f'{op}: client p99 per interval (freon omkeybench)')
        axes.set_ylabel('ms')
        axes.grid(True, alpha=0.3)
        for run in runs:
            rows = series.get(run['id'], [])
            if not rows or run['id'] not in latencies:
                continue
            xs, ys = clientlatency.p99_series(latencies[run['id']], op, rows[0]['unix_time'])
            axes.plot(xs, ys, label=_label(run, repeats), color=_color(arms, run['arm']),
                      alpha=1.0 if run['repeat'] == 1 else 0.5)
            _mark(axes, marks.get(run['id'], []), _color(arms, run['arm']), rows[-1]['elapsed_s'])
        axes.legend(fontsize='small')
    axes = all_axes[-1, 0]
    axes.set_xlabel('time since the client run started (s)')
    if not operations:
        axes.text(0.5, 0.5, 'no latency CSV in any arm', ha='center', va='center', transform=axes.transAxes)
    figure.tight_layout()
    write_png(figure, out_dir / f'{CLIENT_P99_OVER_TIME_FILE}.png')
    plt.close(figure)


def _client_latency(runs, out_dir):
    """Client p99 per operation and arm (median over repeats): what the prototype's charts left out."""
    figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
    axes.set_title('Client latency p99 per operation (freon omkeybench)')
    axes.set_ylabel('ms')
    arms = _arms(runs)
    operations = [op for op in summary.OPERATIONS
                  if any(summary.lookup(r, f'client.operations.{op}.p99') is not None for r in runs)]
    width = 0.8 / max(1, len(arms))
    for i, arm in enumerate(arms):
        arm_runs = [r for r in runs if r['arm'] == arm]
        heights = [(summary.aggregate(arm_runs, f'client.operations.{op}.p99') or (0,))[0] for op in operations]
        axes.bar([j + i * width for j in range(len(operations))], heights, width, label=arm,
                 color=_color(arms, arm))
    axes.set_xticks([j + width * (len(arms) - 1) / 2 for j in range(len(operations))], operations)
    axes.grid(True, axis='y', alpha=0.3)
    _save(figure, axes, out_dir / f'{CLIENT_LATENCY_FILE}.png')
