/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements. See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License. You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package org.apache.hadoop.ozone.om;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.hadoop.hdds.conf.ConfigGroup;
import org.apache.hadoop.hdds.utils.PrometheusMetricsSinkUtil;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsTag;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The reference tables of docs/reference, as Markdown: our configuration keys from the {@code *-default.xml} the
 * build generates for our typed config classes, and our metrics from the sources as OM registers them. Generated,
 * so that a renamed key or metric changes the table instead of leaving it wrong.
 */
final class ReferenceTables {
  /** Every tag the metrics system adds to a record by itself, which is not a label of the metric's own. */
  private static final String CONTEXT_TAG = "Context";
  private static final String HOSTNAME_TAG = "Hostname";

  private ReferenceTables() {
  }

  /**
   * @param defaults a {@code *-default.xml}
   * @param groups typed config classes; their keys, in the file's order, make one section per class
   */
  static String configuration(InputStream defaults, String regenerate, Class<?>... groups) throws IOException {
    Map<String, Element> properties = properties(defaults);
    StringBuilder md = new StringBuilder("# Configuration reference\n\n")
        .append(generatedNote("`ozone-manager-default.xml` as the build generates it from our typed configuration",
            regenerate))
        .append("Every key can be set in `ozone-site.xml` (or `scripts/cluster start --om-conf key=value`). Why each "
            + "default is what it is: [range statistics](../design/range-statistics.md), "
            + "[range compaction](../design/range-compaction.md).\n");
    for (Class<?> group : groups) {
      String prefix = group.getAnnotation(ConfigGroup.class).prefix() + ".";
      md.append("\n## `").append(prefix).append("*` (`").append(group.getSimpleName()).append("`)\n\n")
          .append("| key | default | description |\n|---|---|---|\n");
      int rows = 0;
      for (Map.Entry<String, Element> property : properties.entrySet()) {
        if (property.getKey().startsWith(prefix)) {
          md.append("| `").append(property.getKey()).append("` | ")
              .append(code(text(property.getValue(), "value"))).append(" | ")
              .append(cell(text(property.getValue(), "description"))).append(" |\n");
          rows++;
        }
      }
      if (rows == 0) {
        throw new IllegalStateException("No key of " + group.getName() + " (" + prefix + "*) in the defaults");
      }
    }
    return md.toString();
  }

  /** @param sources metrics sources by their registered name, one section each */
  static String metrics(Map<String, MetricsSource> sources, String regenerate) {
    StringBuilder md = new StringBuilder("# Metrics reference\n\n")
        .append(generatedNote("the metrics sources as OM registers them", regenerate))
        .append("OM serves them on `/jmx` (bean `Hadoop:service=OzoneManager,name=<source>`) and on `/prom`. "
            + "A rate such as `CompactionTime` is two metrics: `...NumOps` (how many) and `...AvgTime` "
            + "(their mean in ms over the metrics period).\n");
    for (Map.Entry<String, MetricsSource> source : sources.entrySet()) {
      MetricsCollectorImpl collector = new MetricsCollectorImpl();
      source.getValue().getMetrics(collector, true);
      Map<String, String[]> rows = new LinkedHashMap<>();
      for (MetricsRecord record : collector.getRecords()) {
        String labels = labels(record);
        for (AbstractMetric metric : record.metrics()) {
          rows.putIfAbsent(metric.name(), new String[] {
              "`" + PrometheusMetricsSinkUtil.prometheusName(record.name(), metric.name()) + "`",
              "`" + metric.name() + "`", metric.type().toString().toLowerCase(), labels,
              cell(metric.description())});
        }
      }
      md.append("\n## `").append(source.getKey()).append("`\n\n")
          .append("| on `/prom` | on `/jmx` | type | labels | description |\n|---|---|---|---|---|\n");
      for (String[] row : rows.values()) {
        md.append("| ").append(String.join(" | ", row)).append(" |\n");
      }
    }
    return md.toString();
  }

  private static String generatedNote(String from, String regenerate) {
    return "Generated by `TestReferenceTables` from " + from + "; do not edit. `mvn -B clean verify` fails when "
        + "this page and the code disagree. Regenerate it with:\n\n```bash\n" + regenerate + "\n```\n\n";
  }

  private static String labels(MetricsRecord record) {
    List<String> labels = new ArrayList<>();
    for (MetricsTag tag : record.tags()) {
      if (!tag.name().equals(CONTEXT_TAG) && !tag.name().equals(HOSTNAME_TAG)) {
        labels.add("`" + tag.name().toLowerCase() + "`");
      }
    }
    return String.join(", ", new TreeSet<>(labels));
  }

  private static Map<String, Element> properties(InputStream defaults) throws IOException {
    Document document;
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      document = factory.newDocumentBuilder().parse(defaults);
    } catch (ParserConfigurationException | SAXException e) {
      throw new IOException("Cannot parse the config defaults: " + e.getMessage(), e);
    }
    Map<String, Element> properties = new LinkedHashMap<>();
    NodeList list = document.getDocumentElement().getElementsByTagName("property");
    for (int i = 0; i < list.getLength(); i++) {
      Element property = (Element) list.item(i);
      properties.put(text(property, "name"), property);
    }
    return properties;
  }

  private static String text(Element property, String child) {
    NodeList nodes = property.getElementsByTagName(child);
    return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
  }

  private static String code(String value) {
    return value.isEmpty() ? "(empty)" : "`" + value + "`";
  }

  /** One Markdown table cell: on one line, no column break, no HTML. */
  private static String cell(String text) {
    return text.replaceAll("\\s+", " ").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
  }
}
