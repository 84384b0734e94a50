package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Differential: a node list, written as kubectl does or changed in one of the ways people and tools
 * change files (quoting, YAML 1.1 scalars, flow style, repeated keys, unknown fields, indentation,
 * anchors, comments, other kinds), reads streaming exactly as the full reader reads it: the same
 * groups, node names and counts, the same findings at the same lines.
 */
class NodeListScanProperties {

  /** Text replacements, each applied to the first match in one node. */
  private static final List<String[]> CHANGES =
      List.of(
          new String[] {"nvidia.com/gpu.count: \"8\"", "nvidia.com/gpu.count: 8"},
          new String[] {"eks.amazonaws.com/nodegroup: a100", "eks.amazonaws.com/nodegroup: yes"},
          new String[] {"eks.amazonaws.com/nodegroup: h100", "eks.amazonaws.com/nodegroup: 012"},
          new String[] {"eks.amazonaws.com/nodegroup: l4", "eks.amazonaws.com/nodegroup: 'l''4'"},
          new String[] {"eks.amazonaws.com/nodegroup: cpu", "eks.amazonaws.com/nodegroup: \"cpu\""},
          new String[] {"eks.amazonaws.com/nodegroup: cpu", "eks.amazonaws.com/nodegroup: ~"},
          new String[] {"eks.amazonaws.com/nodegroup: cpu", "eks.amazonaws.com/nodegroup:"},
          new String[] {
            "eks.amazonaws.com/nodegroup: cpu", "eks.amazonaws.com/nodegroup: |\n        cpu"
          },
          new String[] {
            "eks.amazonaws.com/nodegroup: a100", "eks.amazonaws.com/nodegroup: &p a100"
          },
          new String[] {"    labels:\n", "    labels:\n      topology.kubernetes.io/zone: x\n"},
          new String[] {"    labels:\n", "    labels:\n      1_000: x\n"},
          new String[] {"    labels:\n", "    labels:\n      on: x\n"},
          new String[] {"  spec:\n", "  spce: {}\n  spec:\n"},
          new String[] {"    uid:", "    uuid:"},
          new String[] {"    providerID:", "     providerID:"},
          new String[] {"    providerID:", "\tproviderID:"},
          new String[] {"      pods: \"110\"\n", "      pods: 110\n"},
          new String[] {"      cpu: 95690m", "      cpu: 1e3"},
          new String[] {"      cpu: 191450m", "      cpu: 0x10"},
          new String[] {"      cpu: 47810m", "      cpu: lots"},
          new String[] {"      cpu: 15890m", "      cpu: \"1.5\""},
          new String[] {"      cpu: 15890m", "      cpu: 16"},
          new String[] {"      cpu: 15890m", "      cpu: {a: b}"},
          new String[] {"    unschedulable: true", "    unschedulable: yes"},
          new String[] {"    unschedulable: true", "    unschedulable: \"true\""},
          new String[] {"    unschedulable: true", "    unschedulable: false"},
          new String[] {"      value: present\n", "      value: \"\"\n"},
          new String[] {"      value: present\n", ""},
          new String[] {
            "    - effect: NoSchedule\n      key: nvidia.com/gpu",
            "    - {effect: NoSchedule, key: nvidia.com/gpu}\n    - effect: NoSchedule\n      key: x"
          },
          new String[] {"  status:\n", "  status: {}\n  extra:\n"},
          new String[] {"    allocatable:\n", "    allocatable: {}\n    allocatable2:\n"},
          new String[] {"    allocatable:\n", "    allocatable: {}\n    x:\n"},
          new String[] {"      architecture: amd64\n", "      architecture: amd64 # the arch\n"},
          new String[] {
            "      architecture: amd64\n", "      architecture: amd64\n# a comment\n\n"
          },
          new String[] {"      kernelVersion: 6.1", "      kernelVersion: \"6.1\\t"},
          new String[] {"      osImage: Amazon Linux", "      osImage: Amazon\n        Linux"},
          new String[] {"        Port: 10250", "        Port: \"10250\""},
          new String[] {"        Port: 10250", "        Port: 10250.0"},
          new String[] {"  kind: Node\n", "  kind: ConfigMap\n"},
          new String[] {"- apiVersion: v1\n", "- apiVersion: v2\n"},
          new String[] {"    name: ", "    name: *p\n    x: "},
          new String[] {"    name: ", "    generateName: "},
          new String[] {"  metadata:\n", "  metadata:\n    name: twice\n"},
          new String[] {"    addresses:\n    - address:", "    addresses:\n    -   address:"},
          new String[] {"    addresses:\n    - address:", "    addresses:\n      - address:"},
          new String[] {"      type: Ready\n", "      type: Ready\n    - \n"},
          new String[] {"      type: Ready\n", "      type: Ready\n    - just text\n"});

  @Provide
  Arbitrary<List<Integer>> changes() {
    return Arbitraries.integers().between(-CHANGES.size(), CHANGES.size() - 1).list().ofSize(6);
  }

  @Property(tries = 150)
  void changedNodeList_readsAsTheFullReaderReadsIt(
      @ForAll("changes") List<Integer> changes,
      @ForAll long seed,
      @ForAll boolean documentMarker,
      @ForAll boolean secondDocument)
      throws IOException {
    List<String> nodes = new ArrayList<>(NodeListText.nodes(6, seed));
    for (int i = 0; i < nodes.size(); i++) {
      int change = changes.get(i);
      if (change >= 0) {
        String[] edit = CHANGES.get(change);
        nodes.set(
            i,
            nodes
                .get(i)
                .replaceFirst(
                    java.util.regex.Pattern.quote(edit[0]),
                    java.util.regex.Matcher.quoteReplacement(edit[1])));
      }
    }
    Path file = Files.createTempFile("nodes", ".yaml");
    try {
      NodeListText.write(file, nodes);
      String text = Files.readString(file);
      if (documentMarker) {
        text = "# kubectl get nodes -o yaml\n---\n" + text;
      }
      if (secondDocument) {
        text = text + "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n";
      }
      Files.writeString(file, text);
      assertThat(NodeListScanTest.streamed(List.of(file)))
          .isEqualTo(NodeListScanTest.full(List.of(file)));
    } finally {
      Files.delete(file);
    }
  }
}
