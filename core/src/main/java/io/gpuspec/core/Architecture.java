package io.gpuspec.core;

/** NVIDIA GPU architectures, with the CUDA compute capability major version they start at. */
public enum Architecture {
  VOLTA,
  TURING,
  AMPERE,
  ADA_LOVELACE,
  HOPPER,
  BLACKWELL
}
