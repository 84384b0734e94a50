/** Service providers that plug Volcano and Kueue into core; not API. */
package io.gpuspec.scheduling.internal;
