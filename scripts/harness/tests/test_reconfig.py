"""The ozone-site.xml edit that precedes `ozone admin reconfig` (the command itself runs in the cluster tests)."""

from harness import reconfig

SITE = '<configuration>\n  <property><name>k</name><value>1</value></property>\n</configuration>\n'


def test_set_property_replaces_or_adds():
    assert '<name>k</name><value>2</value>' in reconfig.set_property(SITE, 'k', '2')
    added = reconfig.set_property(SITE, 'j', 'x')
    assert '<property><name>j</name><value>x</value></property>\n</configuration>' in added


def test_set_properties_writes_every_value_into_the_file(tmp_path):
    site = tmp_path / 'ozone-site.xml'
    site.write_text(SITE)
    reconfig.set_properties(site, {'k': 'true', 'j': '5s'})
    text = site.read_text()
    assert '<name>k</name><value>true</value>' in text and '<name>j</name><value>5s</value>' in text
    assert text.count('<property>') == 2
