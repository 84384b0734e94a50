package io.gpuspec.core;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.immutables.value.Value;

/**
 * The one Immutables style of gpuspec values: the "sandwich" pattern, where users see only the
 * abstract value type and its {@code Builder}, never the generated {@code Immutable*} class.
 */
@Target({ElementType.PACKAGE, ElementType.TYPE})
@Retention(RetentionPolicy.CLASS)
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    builderVisibility = Value.Style.BuilderVisibility.PACKAGE,
    overshadowImplementation = true,
    strictBuilder = true,
    depluralize = true,
    jdkOnly = true,
    get = {"is*", "get*"},
    defaults = @Value.Immutable(copy = false))
public @interface GpuSpecStyle {}
