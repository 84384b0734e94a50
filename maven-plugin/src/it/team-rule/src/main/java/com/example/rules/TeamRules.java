package com.example.rules;

import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import java.util.List;

/** The platform team's own gpuspec module: registered in META-INF/services. */
public final class TeamRules implements GpuspecModule {

  @Override
  public String name() {
    return "team-rules";
  }

  @Override
  public List<Rule> rules() {
    return List.of(new DeploymentsNameTheirTeam());
  }
}
