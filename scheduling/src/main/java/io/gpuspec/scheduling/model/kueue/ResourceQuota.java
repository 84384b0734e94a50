package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The quota of one resource in one flavor: nominal, and how much may be borrowed from or lent to
 * the cohort.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"name", "nominalQuota", "borrowingLimit", "lendingLimit"})
public class ResourceQuota {

  @JsonProperty("name")
  private String name;

  @JsonProperty("nominalQuota")
  private Quantity nominalQuota;

  @JsonProperty("borrowingLimit")
  private Quantity borrowingLimit;

  @JsonProperty("lendingLimit")
  private Quantity lendingLimit;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public ResourceQuota() {}

  /** The resource name. */
  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  /** What the queue owns. */
  public Quantity getNominalQuota() {
    return nominalQuota;
  }

  public void setNominalQuota(Quantity nominalQuota) {
    this.nominalQuota = nominalQuota;
  }

  /** The most the queue may borrow above its nominal quota. */
  public Quantity getBorrowingLimit() {
    return borrowingLimit;
  }

  public void setBorrowingLimit(Quantity borrowingLimit) {
    this.borrowingLimit = borrowingLimit;
  }

  /** The most of the nominal quota the queue lends to its cohort. */
  public Quantity getLendingLimit() {
    return lendingLimit;
  }

  public void setLendingLimit(Quantity lendingLimit) {
    this.lendingLimit = lendingLimit;
  }

  @JsonAnyGetter
  public Map<String, Object> getAdditionalProperties() {
    return additionalProperties;
  }

  @JsonAnySetter
  public void setAdditionalProperty(String name, Object value) {
    additionalProperties.put(name, value);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ResourceQuota that
        && Objects.equals(name, that.name)
        && Objects.equals(nominalQuota, that.nominalQuota)
        && Objects.equals(borrowingLimit, that.borrowingLimit)
        && Objects.equals(lendingLimit, that.lendingLimit)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, nominalQuota, borrowingLimit, lendingLimit, additionalProperties);
  }

  @Override
  public String toString() {
    return "ResourceQuota("
        + "name="
        + name
        + ", "
        + "nominalQuota="
        + nominalQuota
        + ", "
        + "borrowingLimit="
        + borrowingLimit
        + ", "
        + "lendingLimit="
        + lendingLimit
        + ")";
  }
}
