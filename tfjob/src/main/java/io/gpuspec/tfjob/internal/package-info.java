/** Service providers that plug TFJob into core; not API. */
package io.gpuspec.tfjob.internal;
