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
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The few edits {@link DerivedPoms} makes to a pom. Each edit checks that the pom is as expected and fails
 * otherwise, so a derivation can never silently produce something other than what was recorded.
 */
final class PomEditor {

  private final Document document;
  private final Element project;

  private PomEditor(Document document) {
    this.document = document;
    this.project = document.getDocumentElement();
  }

  static PomEditor parse(Path pom) throws IOException {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return new PomEditor(factory.newDocumentBuilder().parse(pom.toFile()));
    } catch (ParserConfigurationException | SAXException e) {
      throw new IOException("Cannot parse " + pom + ": " + e.getMessage(), e);
    }
  }

  String artifactId() {
    return text(child(project, "artifactId"));
  }

  String version() {
    return text(child(project, "version"));
  }

  /** Moves the pom, and its parent when that is part of the same release, from one version to another. */
  void setVersion(String from, String to) {
    replaceText(child(project, "version"), from, to);
    Element parent = child(project, "parent");
    String parentVersion = text(child(parent, "version"));
    if (parentVersion.equals(from)) {
      replaceText(child(parent, "version"), from, to);
    }
  }

  /**
   * Changes the exclusions of one managed dependency. Every exclusion to remove must be present and every one
   * to add must be absent.
   */
  void editExclusions(String groupId, String artifactId, List<String> remove, List<String> add) {
    Element exclusions = child(managedDependency(groupId, artifactId), "exclusions");
    for (String coordinates : remove) {
      Element exclusion = findExclusion(exclusions, coordinates);
      if (exclusion == null) {
        throw new IllegalStateException("Expected exclusion " + coordinates + " of " + artifactId + " is absent");
      }
      exclusions.removeChild(exclusion);
    }
    for (String coordinates : add) {
      if (findExclusion(exclusions, coordinates) != null) {
        throw new IllegalStateException("Exclusion " + coordinates + " of " + artifactId + " is already present");
      }
      String[] ga = coordinates.split(":");
      Element exclusion = document.createElement("exclusion");
      exclusion.appendChild(element("groupId", ga[0]));
      exclusion.appendChild(element("artifactId", ga[1]));
      exclusions.appendChild(exclusion);
    }
  }

  void addComment(String comment) {
    document.insertBefore(document.createComment(comment), project);
  }

  String serialize() {
    try {
      StringWriter out = new StringWriter();
      Transformer transformer = TransformerFactory.newInstance().newTransformer();
      transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
      transformer.transform(new DOMSource(document), new StreamResult(out));
      return out.toString();
    } catch (TransformerException e) {
      throw new IllegalStateException("Cannot write pom", e);
    }
  }

  private Element managedDependency(String groupId, String artifactId) {
    Element dependencies = child(child(project, "dependencyManagement"), "dependencies");
    for (Element dependency : children(dependencies, "dependency")) {
      if (text(child(dependency, "groupId")).equals(groupId)
          && text(child(dependency, "artifactId")).equals(artifactId)) {
        return dependency;
      }
    }
    throw new IllegalStateException("No managed dependency " + groupId + ":" + artifactId);
  }

  private static Element findExclusion(Element exclusions, String coordinates) {
    for (Element exclusion : children(exclusions, "exclusion")) {
      String ga = text(child(exclusion, "groupId")) + ":" + text(child(exclusion, "artifactId"));
      if (ga.equals(coordinates)) {
        return exclusion;
      }
    }
    return null;
  }

  private Element element(String name, String text) {
    Element element = document.createElement(name);
    element.setTextContent(text);
    return element;
  }

  private static void replaceText(Element element, String from, String to) {
    if (!text(element).equals(from)) {
      throw new IllegalStateException("Expected <" + element.getTagName() + "> " + from + ", found " + text(element));
    }
    element.setTextContent(to);
  }

  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    if (found.size() != 1) {
      throw new IllegalStateException("Expected one <" + name + "> in <" + parent.getTagName() + ">, found "
          + found.size());
    }
    return found.get(0);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element && ((Element) node).getTagName().equals(name)) {
        found.add((Element) node);
      }
    }
    return found;
  }

  private static String text(Element element) {
    return element.getTextContent().trim();
  }
}
