package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code mlPolicy} of a runtime: the default number of trainer nodes and one framework ({@code
 * torch}, {@code mpi}, {@code flux}, {@code jax} or {@code xgboost}). An empty framework entry such
 * as {@code torch: {}} is meaningful and kept; the framework settings other than MPI's are kept as
 * read.
 */
@JsonPropertyOrder({"numNodes", "torch", "mpi", "flux", "jax", "xgboost"})
public class MLPolicy extends ModelObject {

  @JsonProperty("numNodes")
  private Integer numNodes;

  @JsonProperty("torch")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private Map<String, Object> torch;

  @JsonProperty("mpi")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private MpiPolicy mpi;

  @JsonProperty("flux")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private Map<String, Object> flux;

  @JsonProperty("jax")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private Map<String, Object> jax;

  @JsonProperty("xgboost")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private Map<String, Object> xgboost;

  public MLPolicy() {}

  public Integer getNumNodes() {
    return numNodes;
  }

  public void setNumNodes(Integer numNodes) {
    this.numNodes = numNodes;
  }

  public Map<String, Object> getTorch() {
    return torch;
  }

  public void setTorch(Map<String, Object> torch) {
    this.torch = torch;
  }

  public MpiPolicy getMpi() {
    return mpi;
  }

  public void setMpi(MpiPolicy mpi) {
    this.mpi = mpi;
  }

  public Map<String, Object> getFlux() {
    return flux;
  }

  public void setFlux(Map<String, Object> flux) {
    this.flux = flux;
  }

  public Map<String, Object> getJax() {
    return jax;
  }

  public void setJax(Map<String, Object> jax) {
    this.jax = jax;
  }

  public Map<String, Object> getXgboost() {
    return xgboost;
  }

  public void setXgboost(Map<String, Object> xgboost) {
    this.xgboost = xgboost;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(numNodes, torch, mpi, flux, jax, xgboost);
  }
}
