use clap::Parser;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = coffer::cli::Cli::parse();
    match coffer::cli::run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("coffer: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
