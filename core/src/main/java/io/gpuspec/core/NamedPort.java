package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import java.util.regex.Pattern;

/** A named TCP container port, e.g. {@code http 8000}. */
public record NamedPort(String name, int number) {

  private static final Pattern IANA_SERVICE_NAME = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?");

  public NamedPort {
    InvalidSpecException.requireValue(name, "port name");
    InvalidSpecException.require(
        name.length() <= 15
            && IANA_SERVICE_NAME.matcher(name).matches()
            && name.chars().anyMatch(Character::isLetter)
            && !name.contains("--"),
        "port \"" + name + "\"",
        "the name is not an IANA service name",
        "use at most 15 lower-case letters, digits and single '-', with a letter, e.g. http");
    InvalidSpecException.require(
        number >= 1 && number <= 65535,
        "port \"" + name + "\"",
        number + " is outside 1..65535",
        "use a port number from 1 to 65535");
  }

  public ContainerPort toContainerPort() {
    return new ContainerPortBuilder()
        .withName(name)
        .withContainerPort(number)
        .withProtocol("TCP")
        .build();
  }
}
