package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Facts about the claims of the storage tiers: a PersistentVolumeClaim requests more than zero
 * storage, as the API server validates it
 * (https://kubernetes.io/docs/concepts/storage/persistent-volumes/#persistentvolumeclaims),
 * reported by SCH023. {@code StorageTiers} throws the first finding when built.
 */
public final class StorageFacts {

  private static final String PATH = "spec.resources.requests[storage]";

  private StorageFacts() {}

  /** SCH023: {@code spec.resources.requests.storage} is given and more than zero. */
  public static List<Finding> requestsStorage(PersistentVolumeClaim claim) {
    Map<String, Quantity> requests =
        claim.getSpec() == null
                || claim.getSpec().getResources() == null
                || claim.getSpec().getResources().getRequests() == null
            ? Map.of()
            : claim.getSpec().getResources().getRequests();
    Quantity storage = requests.get("storage");
    if (storage == null) {
      return List.of(
          new Finding(
              PATH,
              "the claim requests no storage; the API server rejects it",
              "request the size of the volume, e.g. storage: 500Gi"));
    }
    Optional<BigDecimal> amount = GpuResources.amount(storage);
    if (amount.isPresent() && amount.get().signum() <= 0) {
      return List.of(
          new Finding(
              PATH,
              "the claim requests "
                  + storage
                  + " storage; the API server rejects a claim of no more than zero",
              "request the size of the volume, e.g. storage: 500Gi"));
    }
    return List.of();
  }
}
