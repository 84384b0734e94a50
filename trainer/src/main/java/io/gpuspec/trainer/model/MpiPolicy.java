package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;

/**
 * {@code mlPolicy.mpi}: slots per node, the MPI implementation, where SSH keys are mounted, and
 * whether the launcher also trains ({@code runLauncherAsNode}: then the launcher counts as one of
 * the {@code numNodes} and gets the trainer's resources).
 */
@JsonPropertyOrder({"numProcPerNode", "mpiImplementation", "sshAuthMountPath", "runLauncherAsNode"})
public class MpiPolicy extends ModelObject {

  @JsonProperty("numProcPerNode")
  private Integer numProcPerNode;

  @JsonProperty("mpiImplementation")
  private String mpiImplementation;

  @JsonProperty("sshAuthMountPath")
  private String sshAuthMountPath;

  @JsonProperty("runLauncherAsNode")
  private Boolean runLauncherAsNode;

  public MpiPolicy() {}

  public Integer getNumProcPerNode() {
    return numProcPerNode;
  }

  public void setNumProcPerNode(Integer numProcPerNode) {
    this.numProcPerNode = numProcPerNode;
  }

  public String getMpiImplementation() {
    return mpiImplementation;
  }

  public void setMpiImplementation(String mpiImplementation) {
    this.mpiImplementation = mpiImplementation;
  }

  public String getSshAuthMountPath() {
    return sshAuthMountPath;
  }

  public void setSshAuthMountPath(String sshAuthMountPath) {
    this.sshAuthMountPath = sshAuthMountPath;
  }

  public Boolean getRunLauncherAsNode() {
    return runLauncherAsNode;
  }

  public void setRunLauncherAsNode(Boolean runLauncherAsNode) {
    this.runLauncherAsNode = runLauncherAsNode;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(numProcPerNode, mpiImplementation, sshAuthMountPath, runLauncherAsNode);
  }
}
