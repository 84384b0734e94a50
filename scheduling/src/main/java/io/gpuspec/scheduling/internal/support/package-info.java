/** Helpers shared by the scheduling module's registration and its rules; not API. */
package io.gpuspec.scheduling.internal.support;
