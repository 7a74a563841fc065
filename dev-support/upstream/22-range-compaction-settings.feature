# Range compaction: the settings in force as metrics. A vertical slice: RangeCompactionSettings, and its amends to the
# switch that starts and stops the service (and publishes the settings while it runs).
name: range-compaction-settings
subject: HDDS-XXXXX. Range compaction: the settings in force on /jmx and /prom
files: hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/compaction/RangeCompactionSettings.java
amends: dev-support/upstream/amends/range-compaction-settings.diff

{jira:range-compaction} and {jira:range-compaction-reconfiguration} make
every key of the service reconfigurable at runtime (ozone admin reconfig),
on each OM on its own. An operator who
changes one during an incident, and whoever reads the dashboards after,
needs to see what each OM runs with next to what it does: the service's
metrics are on /jmx and /prom, its configuration was not.

This change publishes the settings in force beside the metrics
(om_range_compaction_settings_*): one gauge per key of RangeCompactionConfig
(booleans as 0 or 1, durations in milliseconds, sizes in bytes), and the
tables as a label. The gauges are read from the configuration's fields at
each snapshot of the metrics, so the keys keep one home and a
reconfiguration shows at the next scrape. RangeCompactionSwitch registers
the source when OM starts the service's switch and withdraws it when OM
stops.

Compatibility: a new metrics source, OmRangeCompactionSettings; nothing
else changes.

Test plan: TestRangeCompactionReconfiguration ({jira:range-compaction-ha})
reads the gauges on a running OM before and after a reconfiguration;
TestRangeCompactionHA, one source per OM.
