# Range compaction, rule: the picked range grows over its qualifying neighbours within the bounds. Amends only, to
# the pick of 10 and its tests.
name: range-compaction-growth
subject: HDDS-XXXXX. Range compaction: grow the picked range over its dense neighbours within the bounds
amends: dev-support/upstream/amends/range-compaction-growth.diff

Range statistics ({jira:range-stats}) cut a table at bucket boundaries, and
a large bucket at SST boundaries. Tombstones cluster: a bucket whose oldest
keys expired is dense over several neighbouring ranges, which often share
SSTs. {jira:range-compaction-pick} compacts one range per pick, so
neighbours that share an SST read and rewrite it once per range, and a
small dense range inside large SSTs is passed over for its overlap although
compacting it with its neighbour reads no more.

This change grows the picked range over its qualifying neighbours on either
side while the merged span still passes every bound (entries, bytes,
overlap, not busy, not compacted since the table's latest flush): one
compaction instead of several over the same SSTs. A merged span's content
is estimated by the range statistics (TableRanges#estimate, now read
through TableState#estimate), as any range is.

Design: {jira:range-compaction-design}.

Compatibility: no new key; a pick's range can span several ranges.

Test plan: TestRangeCompactionPolicy: the densest range grows over a dense
neighbour and stops at a clean one, a merge that would exceed the byte
bound does not happen, and a tiny range passed over for its overlap is
compacted once merged into its dense neighbour.
