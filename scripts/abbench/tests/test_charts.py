"""A chart is written as a palette PNG that looks as matplotlib drew it, in fewer bytes."""

import io

from PIL import Image, ImageChops, ImageStat

from abbench import charts


def test_a_chart_is_a_palette_png_as_drawn_and_smaller(tmp_path):
    figure, axes = charts.plt.subplots()
    axes.plot([0, 1, 2], [3, 1, 2], label='off')
    axes.plot([0, 1, 2], [1, 2, 0], label='range')
    axes.axvspan(0.5, 1.5, alpha=0.2, color='tab:red')
    axes.legend()
    drawn = io.BytesIO()
    figure.savefig(drawn, format='png')
    charts.write_png(figure, tmp_path / 'chart.png')
    charts.plt.close(figure)
    with Image.open(tmp_path / 'chart.png') as written, Image.open(drawn) as original:
        assert written.mode == 'P' and written.size == original.size
        difference = ImageChops.difference(written.convert('RGB'), original.convert('RGB'))
        assert max(ImageStat.Stat(difference).mean) < 2  # of 255, per channel
    assert (tmp_path / 'chart.png').stat().st_size < drawn.getbuffer().nbytes / 2
