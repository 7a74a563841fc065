/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements.  See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License.  You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package org.apache.ozone.tombstone.buildtools;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Merges a module's {@code <artifactId>-default.xml} (the documentation of its typed config keys) from upstream's
 * jar with the one generated for the classes this build compiled. A key generated here replaces upstream's entry of
 * the same name, since it was generated from the patched source.
 */
final class ConfigDefaults {

  private ConfigDefaults() {
  }

  static void merge(Path upstreamJar, String name, Path generated) throws IOException {
    Map<String, Element> properties = new LinkedHashMap<>();
    Document merged = null;
    try (ZipFile upstream = new ZipFile(upstreamJar.toFile())) {
      ZipEntry entry = upstream.getEntry(name);
      if (entry != null) {
        try (InputStream in = upstream.getInputStream(entry)) {
          merged = parse(in);
        }
        collect(merged, properties);
      }
    }
    if (Files.exists(generated)) {
      try (InputStream in = Files.newInputStream(generated)) {
        Document own = parse(in);
        if (merged == null) {
          merged = own;
        }
        collect(own, properties);
      }
    }
    if (merged == null) {
      return;
    }
    Element root = merged.getDocumentElement();
    while (root.getFirstChild() != null) {
      root.removeChild(root.getFirstChild());
    }
    for (Element property : properties.values()) {
      root.appendChild(merged.importNode(property, true));
    }
    write(merged, generated);
  }

  private static void collect(Document document, Map<String, Element> properties) {
    NodeList list = document.getDocumentElement().getElementsByTagName("property");
    for (int i = 0; i < list.getLength(); i++) {
      Element property = (Element) list.item(i);
      properties.put(property.getElementsByTagName("name").item(0).getTextContent().trim(), property);
    }
  }

  private static Document parse(InputStream in) throws IOException {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      Document document = factory.newDocumentBuilder().parse(in);
      document.getDocumentElement().normalize();
      return document;
    } catch (ParserConfigurationException | SAXException e) {
      throw new IOException("Cannot parse config defaults: " + e.getMessage(), e);
    }
  }

  private static void write(Document document, Path target) throws IOException {
    try {
      Transformer transformer = TransformerFactory.newInstance().newTransformer();
      transformer.setOutputProperty(OutputKeys.INDENT, "yes");
      transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
      Files.createDirectories(target.getParent());
      transformer.transform(new DOMSource(document), new StreamResult(target.toFile()));
    } catch (TransformerException e) {
      throw new IOException("Cannot write " + target, e);
    }
  }

}
