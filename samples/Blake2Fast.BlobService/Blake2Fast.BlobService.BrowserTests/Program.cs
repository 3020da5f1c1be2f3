using System;
using System.Linq;
using Blake2Fast.BlobService;
using Blake2Fast.BlobService.BrowserTests;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

// Usage: Blake2Fast.BlobService.BrowserTests --BlobService:Directory=DIR --BlobService:ClientDirectory=WWWROOT
// Prints "listening: URL" once the server is up, and runs until stopped (SIGTERM, Ctrl+C).
var hooks = new E2eHooks();
string[] settings =
[
    "--urls=http://127.0.0.1:0",
    "--Logging:LogLevel:Default=Warning",
    "--Logging:LogLevel:Microsoft.AspNetCore=Critical",
    .. args,
];
WebApplication app = BlobServiceApp.Build(settings, hooks.Apply);
await app.StartAsync();
string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
Console.WriteLine($"listening: {address}/");
await app.WaitForShutdownAsync();
