package io.gpuspec.core;

final class Placeholder {}
