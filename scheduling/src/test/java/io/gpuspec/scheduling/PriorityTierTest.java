package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.scheduling.model.kueue.WorkloadPriorityClass;
import org.junit.jupiter.api.Test;

class PriorityTierTest {

  @Test
  void presets_matchTheReferencePlatformTiers() {
    PriorityClass critical = PriorityTier.inferenceCritical().toPriorityClass();
    PriorityClass normal = PriorityTier.trainingNormal().toPriorityClass();
    PriorityClass low = PriorityTier.experimentLow().toPriorityClass();

    assertThat(critical.getMetadata().getName()).isEqualTo("inference-critical");
    assertThat(critical.getValue()).isEqualTo(1_000_000);
    assertThat(critical.getPreemptionPolicy()).isEqualTo("Never");
    assertThat(critical.getGlobalDefault()).isNull();
    assertThat(normal.getValue()).isEqualTo(500_000);
    assertThat(normal.getPreemptionPolicy()).isEqualTo("PreemptLowerPriority");
    assertThat(low.getValue()).isEqualTo(100_000);
    assertThat(low.getGlobalDefault()).isTrue();
  }

  @Test
  void value_aboveOneBillion_isRejected() {
    assertThatThrownBy(() -> PriorityTier.named("too-high").value(1_000_000_001).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "PriorityClass/too-high value: value 1000000001 is above 1000000000, the highest a user"
                + " PriorityClass may have; set value to at most 1000000000");
  }

  @Test
  void value_exactlyOneBillion_isAccepted() {
    assertThat(PriorityTier.named("top").value(1_000_000_000).build().toPriorityClass().getValue())
        .isEqualTo(1_000_000_000);
  }

  @Test
  void name_withSystemPrefix_isRejected() {
    assertThatThrownBy(() -> PriorityTier.named("system-gpu").value(10).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "PriorityClass/system-gpu metadata.name: the prefix \"system-\" is reserved for"
                + " built-in PriorityClasses; rename it, e.g. to \"gpu\"");
  }

  @Test
  void name_notDns1123Subdomain_isRejected() {
    assertThatThrownBy(() -> PriorityTier.named("Training_High").value(10).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith("priority tier \"Training_High\": the name");
  }

  @Test
  void tiers_withTwoGlobalDefaults_areRejectedNamingTheFirst() {
    PriorityTier other = PriorityTier.named("batch").value(200_000).globalDefault(true).build();

    assertThatThrownBy(() -> PriorityTiers.of(PriorityTier.experimentLow(), other))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "PriorityClass/experiment-low globalDefault: globalDefault: true, but PriorityClass"
                + " \"batch\" is already the global default; admission rejects a second one; set"
                + " globalDefault: false here, or on PriorityClass \"batch\"");
  }

  @Test
  void tiers_withDuplicateName_areRejected() {
    assertThatThrownBy(
            () ->
                PriorityTiers.of(
                    PriorityTier.trainingNormal(),
                    PriorityTier.named("training-normal").value(1).build()))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("\"training-normal\" is given twice");
  }

  @Test
  void standardTiers_haveOneGlobalDefaultAndRenderSortedByName() {
    PriorityTiers tiers = PriorityTiers.standard();

    assertThat(tiers.globalDefault()).contains(PriorityTier.experimentLow());
    assertThat(tiers.toManifests())
        .extracting(o -> o.getMetadata().getName())
        .containsExactly("experiment-low", "inference-critical", "training-normal");
    assertThat(tiers.tier("training-normal")).contains(PriorityTier.trainingNormal());
  }

  @Test
  void workloadPriorityClass_mirrorsNameValueAndDescription() {
    PriorityTier tier = PriorityTier.trainingNormal();

    WorkloadPriorityClass kueue = tier.toWorkloadPriorityClass();

    assertThat(kueue.getApiVersion()).isEqualTo("kueue.x-k8s.io/v1beta2");
    assertThat(kueue.getMetadata().getName()).isEqualTo("training-normal");
    assertThat(kueue.getValue()).isEqualTo(500_000);
    assertThat(kueue.getDescription()).isEqualTo(tier.description().orElseThrow());
    assertThat(tier.kueueLabel())
        .containsExactly(java.util.Map.entry("kueue.x-k8s.io/priority-class", "training-normal"));
  }
}
