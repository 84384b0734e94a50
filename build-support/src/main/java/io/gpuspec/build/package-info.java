/**
 * What the build tool plugins share, so that each goal or task only translates its configuration:
 * finding and running {@link io.gpuspec.core.PlatformSpec} classes in a project's class loader,
 * checking and writing their manifests, linting directories, deciding failure by severity, logging
 * findings and writing SARIF and JUnit XML reports. The top layer of core: it uses {@code check}
 * and everything below, and nothing in core uses it.
 */
package io.gpuspec.build;
