package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.gpuspec.core.InvalidSpecException;
import java.util.List;
import org.junit.jupiter.api.Test;

class TeamTest {

  private static Team.Builder vision() {
    return Team.named("vision")
        .addMemberGroup("vision-researchers")
        .gpus(16)
        .cpu("256")
        .memory("2Ti");
  }

  @Test
  void team_rendersNamespaceAccountRbacQuotaAndDefaults() {
    List<HasMetadata> objects = vision().build().toManifests();

    assertThat(objects)
        .extracting(HasMetadata::getKind)
        .containsExactly(
            "Namespace", "ServiceAccount", "Role", "RoleBinding", "ResourceQuota", "LimitRange");
    assertThat(objects.subList(1, objects.size()))
        .allSatisfy(o -> assertThat(o.getMetadata().getNamespace()).isEqualTo("vision"));
    assertThat(objects)
        .allSatisfy(
            o ->
                assertThat(o.getMetadata().getLabels())
                    .containsEntry("app.kubernetes.io/managed-by", "gpuspec")
                    .containsEntry("app.kubernetes.io/part-of", "gpu-platform"));
  }

  @Test
  void namespace_enforcesPodSecurityRestricted() {
    assertThat(vision().build().toNamespace().getMetadata().getLabels())
        .containsEntry("pod-security.kubernetes.io/enforce", "restricted");
  }

  @Test
  void serviceAccount_disablesTheTokenWithTheFieldNotAnAnnotation() {
    var account = vision().build().toServiceAccount();

    assertThat(account.getAutomountServiceAccountToken()).isFalse();
    assertThat(account.getMetadata().getAnnotations()).isNullOrEmpty();
    assertThat(Fixtures.yaml(List.of(account))).contains("\nautomountServiceAccountToken: false\n");
  }

  @Test
  void quota_limitsGpusOnlyThroughRequestsKeys() {
    var hard =
        vision()
            .putExtendedQuota("nvidia.com/mig-1g.10gb", 7)
            .build()
            .toResourceQuota()
            .getSpec()
            .getHard();

    assertThat(hard)
        .containsEntry("requests.nvidia.com/gpu", new Quantity("16"))
        .containsEntry("requests.nvidia.com/mig-1g.10gb", new Quantity("7"))
        .containsEntry("requests.cpu", new Quantity("256"))
        .containsEntry("requests.memory", new Quantity("2Ti"));
    assertThat(hard.keySet()).allMatch(key -> key.startsWith("requests."));
  }

  @Test
  void extendedQuota_givenAsLimitsKey_isRejected() {
    assertThatThrownBy(() -> vision().putExtendedQuota("limits.nvidia.com/mig-1g.10gb", 7).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "team \"vision\" extendedQuotas: \"limits.nvidia.com/mig-1g.10gb\" is not an extended"
                + " resource name; give the bare resource name, e.g. nvidia.com/mig-1g.10gb; the"
                + " quota key becomes requests.<name>");
  }

  @Test
  void extendedQuota_ofNonExtendedResource_isRejected() {
    assertThatThrownBy(() -> vision().putExtendedQuota("cpu", 7).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("\"cpu\" is not an extended resource name");
  }

  @Test
  void team_withoutMembers_isRejected() {
    assertThatThrownBy(() -> Team.named("vision").gpus(1).cpu("1").memory("1Gi").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "team \"vision\" members: no group or user is bound to the team's Role; add the team's"
                + " group, e.g. addMemberGroup(\"vision\")");
  }

  @Test
  void role_grantsNoSecretsExecWildcardsOrRbac() {
    List<PolicyRule> rules = vision().build().toRole().getRules();

    assertThat(rules).isNotEmpty();
    assertThat(rules)
        .allSatisfy(
            rule -> {
              assertThat(rule.getResources())
                  .doesNotContain("secrets", "pods/exec", "pods/attach", "pods/portforward", "*")
                  .doesNotContain(
                      "roles", "rolebindings", "resourcequotas", "limitranges", "serviceaccounts");
              assertThat(rule.getVerbs()).doesNotContain("*", "escalate", "bind", "impersonate");
              assertThat(rule.getApiGroups()).doesNotContain("*", "rbac.authorization.k8s.io");
            });
    assertThat(rules)
        .filteredOn(rule -> rule.getResources().contains("pods"))
        .singleElement()
        .satisfies(rule -> assertThat(rule.getVerbs()).containsExactly("get", "list", "watch"));
  }

  @Test
  void roleBinding_bindsGroupsAndUsersToTheRole() {
    var binding = vision().addMemberUser("alice@example.com").build().toRoleBinding();

    assertThat(binding.getRoleRef().getName()).isEqualTo(Team.ROLE);
    assertThat(binding.getRoleRef().getKind()).isEqualTo("Role");
    assertThat(binding.getSubjects())
        .extracting(s -> s.getKind() + ":" + s.getName())
        .containsExactly("Group:vision-researchers", "User:alice@example.com");
  }

  @Test
  void defaultMemoryRequest_aboveDefaultLimit_isRejected() {
    assertThatThrownBy(() -> vision().defaultMemoryRequest("8Gi").defaultMemoryLimit("4Gi").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "LimitRange/vision/container-defaults spec.limits[0].defaultRequest[memory]: the default"
                + " request of memory is 8Gi, more than the default limit 4Gi; the API server"
                + " rejects the LimitRange; lower the default request to at most 4Gi, or raise the"
                + " default limit");
  }

  @Test
  void limitRange_setsNoGpuDefault() {
    var limit = vision().build().toLimitRange().getSpec().getLimits().get(0);

    assertThat(limit.getType()).isEqualTo("Container");
    assertThat(limit.getDefaultRequest()).containsOnlyKeys("cpu", "memory");
    assertThat(limit.getDefault()).containsOnlyKeys("memory");
  }

  @Test
  void namespace_notDnsLabel_isRejected() {
    assertThatThrownBy(() -> vision().namespace("Vision.Team").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("namespace: \"Vision.Team\" is not a DNS-1123 label");
  }
}
