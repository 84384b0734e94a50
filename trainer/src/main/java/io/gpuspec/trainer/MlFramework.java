package io.gpuspec.trainer;

/** The framework a runtime's {@code mlPolicy} names; it decides how the trainer nodes start. */
public enum MlFramework {
  /** PyTorch with torchrun ({@code mlPolicy.torch}). */
  TORCH,
  /** MPI (OpenMPI, e.g. DeepSpeed), the launcher training as a node ({@code mlPolicy.mpi}). */
  MPI,
  /** JAX distributed ({@code mlPolicy.jax}). */
  JAX,
  /** XGBoost ({@code mlPolicy.xgboost}). */
  XGBOOST
}
