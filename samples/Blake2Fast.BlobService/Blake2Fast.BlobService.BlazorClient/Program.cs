using System;
using System.Net.Http;
using System.Threading;
using Blake2Fast.BlobService.BlazorClient;
using Blake2Fast.BlobService.Client;
using Microsoft.AspNetCore.Components.WebAssembly.Hosting;
using Microsoft.Extensions.DependencyInjection;

// The page is served by the blob service itself (BlobService:ClientDirectory): the API is at the page's origin.
WebAssemblyHostBuilder builder = WebAssemblyHostBuilder.CreateDefault(args);
builder.RootComponents.Add<BlobPage>("#app");
builder.Services.AddScoped(_ => new HttpClient { BaseAddress = new Uri(builder.HostEnvironment.BaseAddress), Timeout = Timeout.InfiniteTimeSpan });

// 4 MiB parts: the browser's fetch sends a part from one buffer, and a reload loses at most one part.
builder.Services.AddScoped(services => new BlobClient(services.GetRequiredService<HttpClient>()) { PartLength = BlobPage.PartLength });
await builder.Build().RunAsync();
