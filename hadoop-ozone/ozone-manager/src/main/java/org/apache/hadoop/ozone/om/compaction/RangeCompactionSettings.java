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

package org.apache.hadoop.ozone.om.compaction;

import java.lang.reflect.Field;
import java.util.Locale;
import org.apache.hadoop.hdds.conf.Config;
import org.apache.hadoop.hdds.conf.ConfigGroup;
import org.apache.hadoop.hdds.conf.ConfigType;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * The range compaction service's settings in force, on OM's /jmx and /prom (om_range_compaction_settings_*), so
 * that a runtime reconfiguration shows where the metrics are watched: one gauge per key of {@link
 * RangeCompactionConfig} (booleans as 0 or 1, durations in milliseconds, sizes in bytes), and the tables as a
 * label. Read from the configuration's fields at each snapshot of the metrics, so that the keys have one home.
 */
final class RangeCompactionSettings implements MetricsSource {
  static final String SOURCE_NAME = "OmRangeCompactionSettings";

  private final RangeCompactionConfig config;

  RangeCompactionSettings(RangeCompactionConfig config) {
    this.config = config;
  }

  void register() {
    DefaultMetricsSystem.instance().register(SOURCE_NAME, "Settings of OM's range compaction service in force",
        this);
  }

  void unregister() {
    DefaultMetricsSystem.instance().unregisterSource(SOURCE_NAME);
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder record = collector.addRecord(SOURCE_NAME).setContext("om")
        .tag(Interns.info("Tables", "The tables the service may compact (" + RangeCompactionConfig.Keys.TABLES
            + ")"), String.join(",", config.getTables()));
    String prefix = RangeCompactionConfig.class.getAnnotation(ConfigGroup.class).prefix() + ".";
    for (Field field : RangeCompactionConfig.class.getDeclaredFields()) {
      Config key = field.getAnnotation(Config.class);
      if (key == null || key.type() == ConfigType.STRING) {
        continue;
      }
      Object value = read(field);
      double number = value instanceof Boolean ? ((Boolean) value ? 1 : 0) : ((Number) value).doubleValue();
      record.addGauge(Interns.info(name(key, prefix), key.key() + " in force" + unit(key.type())), number);
    }
  }

  /** @return the gauge's name: the key after the group's prefix in CamelCase, {@code idle.after} IdleAfter */
  private static String name(Config key, String prefix) {
    StringBuilder name = new StringBuilder();
    for (String word : key.key().substring(prefix.length()).split("\\.")) {
      name.append(word.substring(0, 1).toUpperCase(Locale.ROOT)).append(word.substring(1));
    }
    return name.toString();
  }

  private static String unit(ConfigType type) {
    switch (type) {
    case TIME:
      return ", in milliseconds";
    case SIZE:
      return ", in bytes";
    case BOOLEAN:
      return ", 1 for true";
    default:
      return "";
    }
  }

  private Object read(Field field) {
    try {
      field.setAccessible(true);
      return field.get(config);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("Cannot read " + field, e);
    }
  }
}
